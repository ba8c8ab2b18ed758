import { emptyReply, successReply, user } from '@raseed/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError, api } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { settingsKeys } from '@/features/settings/api';
import { sessionStore, useSessionState } from './session-store';

export const authKeys = {
  me: ['auth', 'me'] as const,
};

const meReply = successReply(z.object({ user }));

export async function getMe() {
  const reply = await api.get('/me', meReply);
  return reply.data.user;
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me, queryFn: getMe });

/** The signed-in user as the server has it now (fresh balance); idle for guests. */
export function useMe() {
  const { token } = useSessionState();
  return useQuery({ ...meQueryOptions(), enabled: Boolean(token) });
}

/** Revokes the token on the server. Passed explicitly: the session is cleared at once. */
export function logoutRequest(token: string) {
  return api.post('/logout', undefined, emptyReply, { token });
}

/**
 * Signs out: the server call is best effort (an expired or offline session must still be able
 * to leave), the local session and the customer's cached data go at once, then home.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const { token } = sessionStore.getState();
    if (token) logoutRequest(token).catch(() => undefined);
    sessionStore.clear();
    // Settings are the store's, not the customer's: keep them to avoid a blank shell.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
    navigate(paths.home);
  }, [navigate, queryClient]);
}

/**
 * Keeps the stored user in step with the server once per visit (balance changes made elsewhere),
 * and forgets a session the server no longer accepts so guards send the customer to /login.
 */
export function useSessionSync(): void {
  const me = useMe();
  useEffect(() => {
    if (me.data) sessionStore.setUser(me.data);
  }, [me.data]);
  useEffect(() => {
    if (me.error instanceof ApiError && me.error.status === 401) sessionStore.clear();
  }, [me.error]);
}
