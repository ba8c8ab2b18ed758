import {
  codeOrderRequest,
  errorReply,
  fixedOrderRequest,
  freeOrderRequest,
  IDEMPOTENCY_HEADER,
  orderCreateHeaders,
  orderCreatedReply,
  parseMoney,
  priceChangedReply,
} from '@raseed/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { pricingCached } from '../catalog';
import { useRateLimits } from '../../kernel/rate-limit';
import { orderLimits } from './limits';
import { type PlaceOrderInput, placeOrder } from './place-order';
import { placeTestOrder } from './test-order';

const ORDER_SENT = 'تم إرسال الطلب بنجاح';

const schemaFor = <B>(body: B, summary: string) => ({
  tags: ['orders'],
  summary,
  body,
  headers: orderCreateHeaders,
  response: {
    200: orderCreatedReply,
    201: orderCreatedReply,
    401: errorReply,
    409: priceChangedReply,
    422: errorReply,
    429: errorReply,
  },
});

/** 201 for a new order; 200 when an Idempotency-Key repeat returns the first one. */
async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  input: Omit<PlaceOrderInput, 'userId' | 'storefrontId' | 'idempotencyKey' | 'expectedPrice'>,
  expectedPrice: string | undefined,
) {
  const key = request.headers[IDEMPOTENCY_HEADER];
  const order: PlaceOrderInput = {
    ...input,
    expectedPrice: expectedPrice === undefined ? null : parseMoney(expectedPrice),
    userId: userId(request),
    storefrontId: request.storefrontId,
    idempotencyKey: typeof key === 'string' && key.trim() ? key.trim() : null,
  };
  const { sealer, config, caches } = request.server;
  const { db } = request;
  const placed =
    request.auth?.apiKey?.mode === 'test'
      ? await placeTestOrder(db, sealer, order, config.testMode.delayMs)
      : await placeOrder(db, sealer, order, {
          productRows: caches.productRows,
          pricing: (storefrontId) => pricingCached(db, caches.catalog.of(storefrontId), storefrontId),
        });
  return reply
    .code(placed.replayed ? 200 : 201)
    .send({ status: 'success', msg: ORDER_SENT, data: { order: placed.order, user: placed.user } });
}

/** The three order forms of the product page (spec sections 5 and 7), paid from the balance. */
export const orderCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimits(app);
  const preHandler = [requireUser, orderLimits(app)];
  app.post(
    '/orders-create-fixed',
    { preHandler, schema: schemaFor(fixedOrderRequest, 'Order one fixed item for a player or account') },
    (request, reply) => {
      const b = request.body;
      return answer(
        request,
        reply,
        { form: 'fixed', productId: b.productId, quantity: 1, first: b.playerId, second: b.playerName, note: b.info },
        b.expected_price,
      );
    },
  );

  app.post(
    '/orders-create-free',
    { preHandler, schema: schemaFor(freeOrderRequest, 'Order a chosen quantity, between the product min and max') },
    (request, reply) => {
      const b = request.body;
      return answer(
        request,
        reply,
        {
          form: 'free',
          productId: b.product_id,
          quantity: b.qty,
          first: b.player_id,
          second: b.player_name,
          note: b.note,
        },
        b.expected_price,
      );
    },
  );

  app.post(
    '/orders-create-code',
    { preHandler, schema: schemaFor(codeOrderRequest, 'Order one code; qty is always 1') },
    (request, reply) =>
      answer(
        request,
        reply,
        { form: 'code', productId: request.body.product_id, quantity: 1, first: null, second: null, note: null },
        request.body.expected_price,
      ),
  );
};
