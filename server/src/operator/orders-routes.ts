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
import { userId } from '../auth/guard';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import { acceptOrder, decideCancelRequest, holdOrder, rejectOrder } from '../orders/decide';
import { orderMsg } from '../orders/messages-ar';
import { pageOf, pageWindow } from './paging';
import { findOrderRow, listOrderRows } from './queues-repository';
import { toAdminOrder } from './queues-dto';
import { errors, success } from './route-kit';

const tags = ['operator: queues'];
const PAGE_SIZE = 30;

/** Orders: the open queue (pending, wait, cancel requests; oldest first) and the decisions on them. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const one = async (db: DB, id: number) => {
    const row = await findOrderRow(db, id);
    if (!row) throw new AppError('NOT_FOUND', orderMsg.notFound);
    return toAdminOrder(row, app.config.appKey);
  };
  const decided = async (id: number, decide: (trx: DB) => Promise<unknown>) => {
    await app.db.transaction().execute(decide);
    return { status: success, data: { order: await one(app.db, id) } };
  };

  app.get(
    '/orders',
    { schema: { tags, summary: 'Orders by status (open by default) and search (#id, product, player id, customer)', querystring: orderListQuery, response: { 200: adminOrdersReply, ...errors } } },
    async (request) => {
      const { status, search, page } = request.query;
      const rows = await listOrderRows(app.db, { status, search }, pageWindow(page, PAGE_SIZE));
      const { items, paginate } = pageOf(rows, page, PAGE_SIZE);
      return { status: success, data: { orders: items.map((r) => toAdminOrder(r, app.config.appKey)), paginate } };
    },
  );
  app.post(
    '/orders/:id/accept',
    { schema: { tags, summary: 'Delivered: pending or wait → success, with a message (e.g. the code)', params: idParam, body: orderAcceptInput.optional(), response: { 200: adminOrderReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      return decided(id, (trx) => acceptOrder(trx, id, { actorId: userId(request), message: request.body?.message ?? null }));
    },
  );
  app.post(
    '/orders/:id/reject',
    { schema: { tags, summary: 'Refuse: → cancel with a reason, refunding the price once', params: idParam, body: orderRejectInput, response: { 200: adminOrderReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      return decided(id, (trx) => rejectOrder(trx, id, { actorId: userId(request), cancelMsg: request.body.cancel_msg }));
    },
  );
  app.post(
    '/orders/:id/wait',
    { schema: { tags, summary: 'Taken in hand: pending → wait', params: idParam, body: orderWaitInput.optional(), response: { 200: adminOrderReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      return decided(id, (trx) => holdOrder(trx, id, { actorId: userId(request), message: request.body?.message ?? null }));
    },
  );
  app.post(
    '/orders/:id/cancel-request',
    { schema: { tags, summary: "Answer a customer's cancel request: approve (cancel + refund) or deny (back to wait)", params: idParam, body: cancelRequestInput, response: { 200: adminOrderReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      const { approve, cancel_msg } = request.body;
      return decided(id, (trx) => decideCancelRequest(trx, id, { actorId: userId(request), approve, message: cancel_msg ?? null }));
    },
  );
};
