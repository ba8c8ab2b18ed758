import type { FastifyInstance, FastifyRequest } from 'fastify';
import { byIp, oneAtATime, type RateRule, rateLimited, slowedDown } from '../../kernel/rate-limit';
import { authMsg } from './messages-ar';
import { isKnownSignIn } from './trusted-devices';
import { challengeOwner } from './two-factor-service';

const MINUTE = 60_000;
const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const signedInUser = (request: FastifyRequest) => (request.auth ? `user:${request.auth.id}` : null);

/**
 * Brute-force limits of the accounts routes, per IP and per account. Every attempt counts, a
 * good one too, and an unknown e-mail is limited like a known one, so a 429 reveals nothing.
 */
export type AuthLimits = ReturnType<typeof authLimits>;

/** Sign-ins of one account from untrusted devices: 5 in 15 minutes free, then 0.25 s doubling up to 8 s. */
export const ACCOUNT_SLOWDOWN = { free: 5, baseMs: 250, capMs: 8_000 } as const;

/**
 * Password checks of one account from devices and addresses it never signed in from: at most
 * this many in the window, and one at a time; the rest are a 429. Many addresses at once
 * (a botnet through the proxy) cannot multiply the guesses; a known device or address is never
 * counted, so strangers cannot lock the owner out.
 */
export const STRANGER_SIGN_INS = { max: 30, windowMs: 10 * MINUTE } as const;

export function authLimits(app: FastifyInstance) {
  // Asked once per request by the three rules that concern strangers.
  const strangers = new WeakMap<FastifyRequest, Promise<string | null>>();
  const strangerKey = (r: FastifyRequest): Promise<string | null> => {
    let key = strangers.get(r);
    if (!key) {
      key = (async () => {
        const { email, trusted_device: device } = body(r);
        if (typeof email !== 'string' || !email) return null;
        const from = { deviceToken: typeof device === 'string' && device ? device : null, address: r.ip };
        return (await isKnownSignIn(app.db, app.sealer, r.storefrontId, email, from)) ? null : `email:${email}`;
      })();
      strangers.set(r, key);
    }
    return key;
  };
  const strangerGate = oneAtATime(async (r) => {
    const key = await strangerKey(r);
    return key && `stranger-${key}`;
  }, authMsg.tooManyAttempts);
  const rule = (max: number, windowMs: number, key: RateRule['key']): RateRule => ({
    max,
    windowMs,
    key,
    message: authMsg.tooManyAttempts,
  });
  return {
    // Strict per IP and per (account, IP); per account only growing delays, which a device
    // that signed in to the account before skips: a stranger cannot lock the owner out.
    login: [
      rateLimited(app, [
        rule(20, MINUTE, byIp),
        rule(5, MINUTE, (r) => {
          const email = body(r).email;
          return typeof email === 'string' && email ? `email-ip:${email}|${r.ip}` : null;
        }),
        rule(STRANGER_SIGN_INS.max, STRANGER_SIGN_INS.windowMs, async (r) => {
          const key = await strangerKey(r);
          return key && `stranger-count-${key}`;
        }),
      ]),
      strangerGate.enter,
      slowedDown(app, { windowMs: 15 * MINUTE, ...ACCOUNT_SLOWDOWN, key: strangerKey }),
    ],
    /** The login route's onResponse and onRequestAbort: the next stranger's check may start. */
    loginDone: strangerGate.leave,
    challenge: rateLimited(app, [
      rule(10, MINUTE, byIp),
      rule(5, MINUTE, async (r) => {
        const id = body(r).id;
        const owner = typeof id === 'string' ? await challengeOwner(app.db, app.config, id) : null;
        return owner === null ? null : `user:${owner}`;
      }),
    ]),
    register: rateLimited(app, [rule(10, 60 * MINUTE, byIp)]),
    // Each request mails someone: per address (a flood of links into one inbox) and per IP.
    forgotPassword: rateLimited(app, [
      rule(20, 60 * MINUTE, byIp),
      rule(3, 60 * MINUTE, (r) => {
        const email = body(r).email;
        return typeof email === 'string' && email ? `reset-email:${email}` : null;
      }),
    ]),
    // A link's token cannot be guessed; this only bounds the argon2 runs one address can cause.
    resetPassword: rateLimited(app, [rule(10, MINUTE, byIp)]),
    google: rateLimited(app, [rule(20, MINUTE, byIp)]),
    // Each try is a password guess; the account is known only once the token is verified, so
    // the limit is per IP, at /login's per-e-mail pace.
    googleLink: rateLimited(app, [rule(5, MINUTE, byIp)]),
    // Signed-in routes that check a code, hash a password or reveal a taken e-mail.
    signedIn: rateLimited(app, [rule(10, MINUTE, signedInUser)]),
  };
}
