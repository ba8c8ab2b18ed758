import type { FastifyInstance } from 'fastify';
import { byIp, rateLimited } from '../../kernel/rate-limit';
import { orderMsg } from '../orders';

/**
 * Placing an order takes a write transaction, so a flood is held back per account and per IP.
 * Roomy enough for a customer double-clicking or a reseller at a busy hour (50 at once is a
 * tested case); the balance, not this limit, is what stops spending.
 */
export const ORDER_LIMITS = { perAccount: 60, perIp: 300, windowMs: 60_000 } as const;

export function orderLimits(app: FastifyInstance) {
  return rateLimited(app, [
    { max: ORDER_LIMITS.perIp, windowMs: ORDER_LIMITS.windowMs, key: byIp, message: orderMsg.tooManyOrders },
    {
      max: ORDER_LIMITS.perAccount,
      windowMs: ORDER_LIMITS.windowMs,
      key: (r) => (r.auth ? `order-user:${r.auth.id}` : null),
      message: orderMsg.tooManyOrders,
    },
  ]);
}
