import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { msg } from '../lib/messages-ar';
import { findSession, type SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionUser | null;
  }
}

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

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) {
    throw new AppError('UNAUTHORIZED', request.headers.authorization ? msg.sessionExpired : msg.unauthorized);
  }
}

/**
 * Operators must have two-factor on: without it every console call is a 403 whose message
 * leads to /enable-2fa (enabling it goes through the customer API, which stays open to them).
 */
export async function requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.auth?.role !== 'operator') throw new AppError('FORBIDDEN');
  if (!request.auth.twoFactor) throw new AppError('FORBIDDEN', msg.operatorTwoFactorRequired);
}

/** The signed-in user's id; only valid behind requireUser. */
export function userId(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth.id;
}
