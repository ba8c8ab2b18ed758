import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { msg } from '../messages-ar';

/** Who is calling: the signed-in user of a valid session (the accounts module reads it from the token). */
export type SessionUser = {
  id: number;
  role: 'customer' | 'operator';
  sessionId: number;
  /** Two-factor is on for the user (operators need it for the console API). */
  twoFactor: boolean;
  /** When the password was last confirmed on this session (ISO), or null. */
  confirmedAt: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionUser | null;
    /** Why the bearer's session ended, when it was ended on purpose: the Arabic msg of its 401. */
    authEnded: string | null;
  }
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) {
    throw new AppError(
      'unauthorized',
      request.authEnded ?? (request.headers.authorization ? msg.sessionExpired : msg.unauthorized),
    );
  }
}

/**
 * Operators must have two-factor on: without it every console call is a 403 whose message
 * leads to /enable-2fa (enabling it goes through the customer API, which stays open to them).
 */
export async function requireOperator(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.auth?.role !== 'operator') throw new AppError('forbidden');
  if (!request.auth.twoFactor) throw new AppError('forbidden', msg.operatorTwoFactorRequired);
}

/**
 * A stolen token alone cannot take the account over: account-control changes (the e-mail, the
 * password, two-factor on or off, a new push endpoint) need the account's password confirmed on
 * this session within PASSWORD_CONFIRM_SECONDS (3 hours), as Laravel Fortify's
 * password.confirm. Otherwise 423, which the web answers with the password prompt.
 */
export function requireRecentConfirmation(request: FastifyRequest, config: { passwordConfirmSeconds: number }): void {
  const at = request.auth?.confirmedAt;
  if (!at || Date.parse(at) + config.passwordConfirmSeconds * 1000 < Date.now())
    throw new AppError('password_confirm_required', msg.passwordConfirmRequired);
}

/** The signed-in user's id; only valid behind requireUser. */
export function userId(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth.id;
}
