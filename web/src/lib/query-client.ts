import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { settingsKeys } from './query-keys';
import { sessionStore } from './session-store';

const MAX_RETRIES = 2;

/** A 4xx will not change by asking again (bad input, no session, not found); only retry the rest. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * Any read the server refuses with a 401 while signed in means the session is over (ended from
 * another device, or expired): it is forgotten with the server's reason, which the sign-in page
 * shows, and the customer's cached data goes with it (the store's settings stay).
 */
function endSessionOn401(client: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || !sessionStore.getState().token) return;
  sessionStore.end(error.msg);
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => endSessionOn401(client, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      // A retried purchase or top-up could be charged twice.
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
