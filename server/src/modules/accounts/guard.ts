import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { authenticateApiKey, isApiKeyToken } from '../api-keys';
import { sessionEndedMsg } from './messages-ar';
import { lookupSession, type SessionLookup } from './sessions';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1] ?? null;
}

/**
 * Reads the bearer token, if any: a session's, or an API key's (`rsd_…`, which the api-keys
 * module checks, with its allowed addresses); routes decide with requireUser/requireOperator.
 * `storefrontId`: the storefront whose customers may call (null: any, on the operator API).
 * Without a token, or with a session the cache holds (most calls), it is done at once and
 * returns nothing; otherwise it returns the promise of the read.
 */
function readAuth(request: FastifyRequest, storefrontId: number | null): Promise<void> | undefined {
  const token = bearer(request);
  if (!token) {
    request.auth = null;
    return undefined;
  }
  if (isApiKeyToken(token)) return readApiKey(request, token, storefrontId);
  const found = lookupSession(request.server.db, request.server.caches.sessions, token, storefrontId);
  if (found instanceof Promise) return found.then((read) => useSession(request, read));
  useSession(request, found);
  return undefined;
}

async function readApiKey(request: FastifyRequest, token: string, storefrontId: number | null): Promise<void> {
  const found = await authenticateApiKey(request, token, storefrontId);
  request.auth = found.user;
  if (!found.user) request.authEnded = found.ended;
}

function useSession(request: FastifyRequest, found: SessionLookup): void {
  request.auth = found.user;
  // A session ended from another device says why in the 401 that follows (requireUser).
  if ('ended' in found && found.ended) request.authEnded = sessionEndedMsg[found.ended];
}

/**
 * An onRequest hook with `done`, not async: an async hook made every request wait a promise and
 * a microtask for what the session cache knows now (docs/performance.md).
 */
function authHook(storefrontOf: (request: FastifyRequest) => number | null) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const reading = readAuth(request, storefrontOf(request));
    if (reading) reading.then(() => done(), done);
    else done();
  };
}

/** The public API's: a customer calls only on its own storefront's hosts; operators on any. */
export const loadAuth = authHook((request) => request.storefrontId);

/** The operator API's: it belongs to no storefront, so no host refuses a caller (requireOperator decides). */
export const loadOperatorAuth = authHook(() => null);
