import type { FastifyInstance } from 'fastify';
import { byIp, rateLimited } from '../../kernel/rate-limit';
import { topupMsg } from './messages';

const MINUTE = 60_000;

/** Top-up requests each carry an image to read and store, so they are counted, a refused one too. */
export const TOPUP_LIMITS = { perAccount: 20, perIp: 60, windowMs: 10 * MINUTE } as const;

export function topupLimits(app: FastifyInstance) {
  return rateLimited(app, [
    { max: TOPUP_LIMITS.perIp, windowMs: TOPUP_LIMITS.windowMs, key: byIp, message: topupMsg.tooManyRequests },
    {
      max: TOPUP_LIMITS.perAccount,
      windowMs: TOPUP_LIMITS.windowMs,
      key: (r) => (r.auth ? `topup-user:${r.auth.id}` : null),
      message: topupMsg.tooManyRequests,
    },
  ]);
}
