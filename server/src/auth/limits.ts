import type { FastifyInstance, FastifyRequest } from 'fastify';
import { byIp, type RateRule, rateLimited } from '../lib/rate-limit';
import { authMsg } from './messages-ar';
import { challengeOwner } from './two-factor-service';

const MINUTE = 60_000;
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const signedInUser = (request: FastifyRequest) => (request.auth ? `user:${request.auth.id}` : null);

/**
 * Brute-force limits of the accounts routes, per IP and per account. Every attempt counts, a
 * good one too, and an unknown e-mail is limited like a known one, so a 429 reveals nothing.
 */
export type AuthLimits = ReturnType<typeof authLimits>;

export function authLimits(app: FastifyInstance) {
  const rule = (max: number, windowMs: number, key: RateRule['key']): RateRule => ({ max, windowMs, key, message: authMsg.tooManyAttempts });
  return {
    login: rateLimited(app, [
      rule(20, MINUTE, byIp),
      rule(5, MINUTE, (r) => {
        const email = body(r).email;
        return typeof email === 'string' && email ? `email:${email}` : null;
      }),
    ]),
    challenge: rateLimited(app, [
      rule(10, MINUTE, byIp),
      rule(5, MINUTE, async (r) => {
        const id = body(r).id;
        const owner = typeof id === 'string' ? await challengeOwner(app.db, app.config, id) : null;
        return owner === null ? null : `user:${owner}`;
      }),
    ]),
    register: rateLimited(app, [rule(10, 60 * MINUTE, byIp)]),
    google: rateLimited(app, [rule(20, MINUTE, byIp)]),
    // Each try is a password guess; the account is known only once the token is verified, so
    // the limit is per IP, at /login's per-e-mail pace.
    googleLink: rateLimited(app, [rule(5, MINUTE, byIp)]),
    // Signed-in routes that check a code, hash a password or reveal a taken e-mail.
    signedIn: rateLimited(app, [rule(10, MINUTE, signedInUser)]),
  };
}
