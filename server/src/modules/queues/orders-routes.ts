import {
  adminOrderReply,
  adminOrdersReply,
  cancelRequestInput,
  idParam,
  orderAcceptInput,
  orderListQuery,
  orderRejectInput,
  orderWaitInput,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import type { DB } from '../../db/database';
import { acceptOrder, decideCancelRequest, holdOrder, rejectOrder } from './decide';
import { errors, success } from '../../kernel/http/route-kit';
import { adminOrder, adminOrders, decideOrder } from './service';
import { retryForward } from '../fulfilment';
import { logMoneyDecision, type MoneyDecisionKind } from '../../kernel/money-log';
import type { FastifyRequest } from 'fastify';

const tags = ['operator: queues'];

/** Orders: the open queue (pending, wait, cancel requests; oldest first) and the decisions on them. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const decided = async (
    request: FastifyRequest,
    kind: MoneyDecisionKind | null,
    id: number,
    decide: (trx: DB) => Promise<unknown>,
  ) => {
    const order = await decideOrder(request.db, app.sealer, id, decide);
    if (kind) {
      const amount = order.price;
      logMoneyDecision(request.log, {
        decision: kind,
        operatorId: userId(request),
        userId: order.user.id,
        orderId: id,
        amount,
      });
    }
    return { status: success, data: { order } };
  };

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Orders by status (open by default) and search (#id, product, player id, customer)',
        querystring: orderListQuery,
        response: { 200: adminOrdersReply, ...errors },
      },
      // A storefront's staff read their storefront's orders; deciding them is the provider's fulfilment.
      config: { staff: true },
    },
    async (request) => {
      const { status, search, page } = request.query;
      const f = { status, search, storefront: request.storefrontFilter };
      return { status: success, data: await adminOrders(request.db, app.sealer, f, page) };
    },
  );
  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'One order as the queue shows it',
        params: idParam,
        response: { 200: adminOrderReply, ...errors },
      },
      config: { staff: true },
    },
    async (request) => ({
      status: success,
      data: { order: await adminOrder(request.db, app.sealer, request.params.id, request.storefrontFilter) },
    }),
  );
  app.post(
    '/orders/:id/accept',
    {
      schema: {
        tags,
        summary: 'Delivered: pending or wait → success, with a message (e.g. the code)',
        params: idParam,
        body: orderAcceptInput.optional(),
        response: { 200: adminOrderReply, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return decided(request, 'order.accept', id, (trx) =>
        acceptOrder(trx, id, { actorId: userId(request), message: request.body?.message ?? null }),
      );
    },
  );
  app.post(
    '/orders/:id/reject',
    {
      schema: {
        tags,
        summary: 'Refuse: → cancel with a reason, refunding the price once',
        params: idParam,
        body: orderRejectInput,
        response: { 200: adminOrderReply, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return decided(request, 'order.reject', id, (trx) =>
        rejectOrder(trx, id, { actorId: userId(request), cancelMsg: request.body.cancel_msg }),
      );
    },
  );
  app.post(
    '/orders/:id/wait',
    {
      schema: {
        tags,
        summary: 'Taken in hand: pending → wait',
        params: idParam,
        body: orderWaitInput.optional(),
        response: { 200: adminOrderReply, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      return decided(request, null, id, (trx) =>
        holdOrder(trx, id, { actorId: userId(request), message: request.body?.message ?? null }),
      );
    },
  );
  app.post(
    '/orders/:id/cancel-request',
    {
      schema: {
        tags,
        summary: "Answer a customer's cancel request: approve (cancel + refund) or deny (back to wait)",
        params: idParam,
        body: cancelRequestInput,
        response: { 200: adminOrderReply, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { approve, cancel_msg } = request.body;
      const kind = approve ? 'order.cancel-approved' : 'order.cancel-denied';
      return decided(request, kind, id, (trx) =>
        decideCancelRequest(trx, id, { actorId: userId(request), approve, message: cancel_msg ?? null }),
      );
    },
  );
  app.post(
    '/orders/:id/retry-delivery',
    {
      schema: {
        tags: ['operator: delivery'],
        summary: 'Send a forward that needs attention to its supplier again',
        params: idParam,
        response: { 200: adminOrderReply, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      await adminOrder(request.db, app.sealer, id); // 404 for an unknown order
      await retryForward(request.db, userId(request), id);
      return { status: success, data: { order: await adminOrder(request.db, app.sealer, id) } };
    },
  );
};
