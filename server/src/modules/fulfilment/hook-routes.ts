import { emptyReply, idParam } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../kernel/errors';
import { errors, success } from '../../kernel/http/route-kit';
import { rateLimited, useRateLimits } from '../../kernel/rate-limit';
import { receiveSupplierHook } from './hook-receive';
import { deliveryMsg } from './messages-ar';

/** A delivery is one order's event: far below this. */
const MAX_HOOK_BYTES = 256 * 1024;
/** Per sending address and minute: a supplier sends one event per order change, far fewer. */
export const HOOK_RATE_PER_MINUTE = 600;

const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');

/**
 * `POST /hooks/suppliers/{id}`: where a supplier (another Raseed store) tells us its orders
 * changed. No session or key: the Standard Webhooks signature is the credential, and it covers
 * the exact bytes sent, so JSON is kept as the raw text here and parsed only once verified.
 */
export const supplierHookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone may call it: a flood from one address is cut off before any lookup or HMAC.
  await useRateLimits(app);
  const limit = rateLimited(app, [
    { max: HOOK_RATE_PER_MINUTE, windowMs: 60_000, key: (r) => `supplier-hook:${r.ip}` },
  ]);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_HOOK_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/suppliers/:id',
    {
      preHandler: limit,
      schema: {
        tags: ['suppliers: webhooks'],
        summary: "A supplier's signed order event (Standard Webhooks)",
        params: idParam,
        response: { 200: emptyReply, ...errors },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') throw new AppError('unsupported_media_type', deliveryMsg.hookUnreadable);
      await receiveSupplierHook(
        { db: request.db, sealer: app.sealer, suppliers: app.suppliers },
        request.params.id,
        {
          id: header(request.headers['webhook-id']),
          timestamp: header(request.headers['webhook-timestamp']),
          signature: header(request.headers['webhook-signature']),
        },
        request.body,
      );
      return { status: success };
    },
  );
};
