import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../errors';
import { msg } from '../messages-ar';

/**
 * Who is calling: the signed-in user of a valid session, or the owner of an API key (the
 * accounts module reads it from the bearer token, the api-keys module a key's).
 */
export type SessionUser = {
  id: number;
  role: 'customer' | 'operator';
  /** The customer's storefront; null for an operator, who belongs to none. */
  storefrontId: number | null;
  /** The session of the call; null when an API key made it (`sessionOf` refuses those). */
  sessionId: number | null;
  /** Two-factor is on for the user (operators need it for the console API). */
  twoFactor: boolean;
  /** When the password was last confirmed on this session (ISO), or null. */
  confirmedAt: string | null;
  /** The API key that made the call, or null for a signed-in session. */
  apiKey: { id: number; mode: 'live' | 'test' } | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionUser | null;
    /** Why the bearer's session ended, when it was ended on purpose: the Arabic msg of its 401. */
    authEnded: string | null;
  }
}

/** A route's guard: a 401 for a caller without a live session or key, with why when we know. */
export function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(notSignedIn(request));
}

/**
 * Operators must have two-factor on: without it every console call is a 403 whose message
 * leads to /enable-2fa (enabling it goes through the customer API, which stays open to them).
 */
export function requireOperator(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(notSignedIn(request) ?? notOperator(request));
}

// The guards are hooks with `done`, not async: as async hooks they cost every request a promise
// and a microtask for a check that needs neither (docs/performance.md).
function notSignedIn(request: FastifyRequest): AppError | undefined {
  if (request.auth) return undefined;
  return new AppError(
    'unauthorized',
    request.authEnded ?? (request.headers.authorization ? msg.sessionExpired : msg.unauthorized),
  );
}

function notOperator(request: FastifyRequest): AppError | undefined {
  if (request.auth?.apiKey) return new AppError('forbidden', msg.apiKeyNotForThis);
  if (request.auth?.role !== 'operator') return new AppError('forbidden');
  if (!request.auth.twoFactor) return new AppError('forbidden', msg.operatorTwoFactorRequired);
  return undefined;
}

/**
 * A stolen token alone cannot take the account over: account-control changes (the e-mail, the
 * password, two-factor on or off, a new push endpoint) need the account's password confirmed on
 * this session within PASSWORD_CONFIRM_SECONDS (3 hours), as Laravel Fortify's
 * password.confirm. Otherwise 423, which the web answers with the password prompt.
 */
export function requireRecentConfirmation(request: FastifyRequest, config: { passwordConfirmSeconds: number }): void {
  // An API key has no password to confirm: what needs a confirmation is never a key's to do.
  sessionOf(request);
  const at = request.auth?.confirmedAt;
  if (!at || Date.parse(at) + config.passwordConfirmSeconds * 1000 < Date.now())
    throw new AppError('password_confirm_required', msg.passwordConfirmRequired);
}

/**
 * The caller's session id. An API key cannot take the account over, so what belongs to a
 * signed-in session (its password confirmation, sign-out, push subscription, event stream, the
 * keys themselves) is a 403 for a key; only valid behind requireUser.
 */
export function sessionOf(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('unauthorized');
  if (request.auth.sessionId === null) throw new AppError('forbidden', msg.apiKeyNotForThis);
  return request.auth.sessionId;
}

/** The signed-in user's id; only valid behind requireUser. */
export function userId(request: FastifyRequest): number {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth.id;
}
