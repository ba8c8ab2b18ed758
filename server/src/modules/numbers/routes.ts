import {
  errorReply,
  markUpPrices,
  IDEMPOTENCY_HEADER,
  idempotencyKeyParam,
  idParam,
  numberBuyInput,
  numberPurchaseReply,
  numberPurchasesQuery,
  numberPurchasesReply,
  numberServicesReply,
  orderCreateHeaders,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { useRateLimits } from '../../kernel/rate-limit';
import { storefrontMarkupBp } from '../catalog';
import { orderLimits } from '../checkout';
import { listServices } from './catalog-repository';
import { toNumberService } from './dto';
import {
  buyNumber,
  cancelPurchase,
  getPurchase,
  getPurchaseByKey,
  listPurchases,
  requestAnotherCode,
  requireOnline,
} from './purchase';

const tags = ['number purchases'];
const errors = { 401: errorReply, 403: errorReply, 404: errorReply, 409: errorReply, 422: errorReply, 429: errorReply };

/** /invoices: numbers for SMS activation, bought from the balance, with the code shown on the site. */
export const numbersRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimits(app);
  const preHandler = requireUser;

  app.get(
    '/numbers/services',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Apps and countries a number can be bought for, with price and availability',
        response: { 200: numberServicesReply, ...errors },
      },
    },
    async (request) => {
      await requireOnline(request.db, request.storefrontId);
      // At the storefront's markup, as its purchase is charged (purchase.ts).
      const markup = (await storefrontMarkupBp(request.db, request.storefrontId)) ?? 0;
      return {
        status: 'success' as const,
        data: {
          services: (await listServices(request.db, { activeOnly: true })).map((row) =>
            toNumberService(markUpPrices(row, markup)),
          ),
        },
      };
    },
  );

  app.get(
    '/numbers',
    {
      preHandler,
      schema: {
        tags,
        summary: "The caller's number purchases, newest first, 10 a page",
        querystring: numberPurchasesQuery,
        response: { 200: numberPurchasesReply, ...errors },
      },
    },
    async (request) => {
      const s = request.query.status;
      return {
        status: 'success' as const,
        data: await listPurchases(request.db, userId(request), request.query.page, s && s !== 'all' ? s : undefined),
      };
    },
  );

  app.get(
    '/numbers/by-key/:key',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The number purchase the caller made with this Idempotency-Key: ask here after a dropped connection ' +
          'instead of buying again; 404 when none of the caller has that key',
        params: idempotencyKeyParam,
        response: { 200: numberPurchaseReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { purchase: await getPurchaseByKey(request.db, userId(request), request.params.key) },
    }),
  );

  app.get(
    '/numbers/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'One number purchase (polled while it waits for a code)',
        params: idParam,
        response: { 200: numberPurchaseReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { purchase: await getPurchase(request.db, userId(request), request.params.id) },
    }),
  );

  app.post(
    '/numbers',
    {
      preHandler: [requireUser, orderLimits(app)],
      schema: {
        tags,
        summary: 'Buy a number: 201 new, 200 for an Idempotency-Key repeat',
        body: numberBuyInput,
        headers: orderCreateHeaders,
        response: { 200: numberPurchaseReply, 201: numberPurchaseReply, ...errors },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const bought = await buyNumber(
        request.db,
        userId(request),
        request.storefrontId,
        request.body.service_id,
        typeof key === 'string' && key.trim() ? key.trim() : null,
      );
      return reply
        .code(bought.replayed ? 200 : 201)
        .send({ status: 'success', data: { purchase: bought.purchase, user: bought.user } });
    },
  );

  app.post(
    '/numbers/:id/cancel',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Cancel before any code: refunded at once, the number given back',
        params: idParam,
        response: { 200: numberPurchaseReply, ...errors },
      },
    },
    async (request) => {
      const data = await cancelPurchase(request.db, userId(request), request.params.id);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    '/numbers/:id/resend',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Ask for another SMS code on the same number',
        params: idParam,
        response: { 200: numberPurchaseReply, ...errors },
      },
    },
    async (request) => {
      const data = await requestAnotherCode(request.db, userId(request), request.params.id);
      return { status: 'success' as const, data };
    },
  );
};
