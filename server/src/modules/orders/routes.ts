import {
  cancelOrderReply,
  errorReply,
  idempotencyKeyParam,
  idParam,
  orderReply,
  ordersQuery,
  ordersReply,
} from '@raseed/contract';
import { cancelOrderCommand } from './commands';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { loadUserDto } from '../accounts';
import { toOrderDto } from './order-dto';
import { getOrder, getOrderByKey, listOrders } from './service';
import { getTestOrder, getTestOrderByKey } from './test-mode-reads';

const errors = { 401: errorReply, 404: errorReply, 422: errorReply };

/** A test key sees only its test orders; a live key or a session only live ones. */
const testKey = (request: FastifyRequest) => request.auth?.apiKey?.mode === 'test';

/** The customer's order history, one order's live status, and cancelling. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "The caller's orders, newest first, 10 a page; search matches product, order id, player data and phone",
        querystring: ordersQuery,
        response: { 200: ordersReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await listOrders(
        request.db,
        app.sealer,
        userId(request),
        request.query,
        testKey(request) ? 'test' : 'live',
      ),
    }),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One order of the caller (polled while pending); `user` once it is no longer pending',
        params: idParam,
        response: { 200: orderReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await (testKey(request) ? getTestOrder : getOrder)(
        request.db,
        app.sealer,
        userId(request),
        request.params.id,
      ),
    }),
  );

  app.get(
    '/orders/by-key/:key',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'The order the caller placed with this Idempotency-Key (as GET /orders/{id}): ask here after a dropped ' +
          'connection instead of ordering again; 404 when no order of the caller has that key',
        params: idempotencyKeyParam,
        response: { 200: orderReply, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await (testKey(request) ? getTestOrderByKey : getOrderByKey)(
        request.db,
        app.sealer,
        userId(request),
        request.params.key,
      ),
    }),
  );

  app.post(
    '/orders/:id/cancel',
    {
      preHandler: requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancels a pending order with a refund, or asks the operator to cancel a waiting one',
        params: idParam,
        response: { 200: cancelOrderReply, ...errors },
      },
    },
    async (request) => {
      const uid = userId(request);
      const row = await cancelOrderCommand(request.db, uid, request.params.id);
      return {
        status: 'success' as const,
        data: { order: toOrderDto(row, app.sealer), user: await loadUserDto(request.db, uid) },
      };
    },
  );
};
