import type { FastifyRequest } from 'fastify';
import { authenticateApiKey, isApiKeyToken } from '../api-keys';
import { sessionEndedMsg } from './messages-ar';
import { lookupSession } from './sessions';

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
 */
async function readAuth(request: FastifyRequest, storefrontId: number | null): Promise<void> {
  const token = bearer(request);
  if (!token) {
    request.auth = null;
    return;
  }
  if (isApiKeyToken(token)) {
    const found = await authenticateApiKey(request, token, storefrontId);
    request.auth = found.user;
    if (!found.user) request.authEnded = found.ended;
    return;
  }
  const found = await lookupSession(request.server.db, request.server.caches.sessions, token, storefrontId);
  request.auth = found.user;
  // A session ended from another device says why in the 401 that follows (requireUser).
  if ('ended' in found && found.ended) request.authEnded = sessionEndedMsg[found.ended];
}

/** The public API's: a customer calls only on its own storefront's hosts; operators on any. */
export const loadAuth = (request: FastifyRequest): Promise<void> => readAuth(request, request.storefrontId);

/** The operator API's: it belongs to no storefront, so no host refuses a caller (requireOperator decides). */
export const loadOperatorAuth = (request: FastifyRequest): Promise<void> => readAuth(request, null);
