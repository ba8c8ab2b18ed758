import type { FastifyRequest } from 'fastify';
import { findSession } from './sessions';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1] ?? null;
}

/** Reads the bearer token, if any; routes decide with requireUser/requireOperator. */
export async function loadAuth(request: FastifyRequest): Promise<void> {
  const token = bearer(request);
  request.auth = token ? await findSession(request.server.db, request.server.caches.sessions, token) : null;
}
