import { adminChargeReply, adminChargesReply, chargeApproveInput, chargeListQuery, chargeRejectInput, idParam } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../auth/guard';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import { approveCharge, rejectCharge } from '../topup/decide-charge';
import { operatorMsg } from './messages-ar';
import { pageOf, pageWindow } from './paging';
import { chargeFlags } from './charge-flags';
import { type AdminChargeRow, findChargeRow, listChargeRows } from './queues-repository';
import { toAdminCharge } from './queues-dto';
import { errors, success } from './route-kit';

const tags = ['operator: queues'];
const PAGE_SIZE = 30;

/** Top-up requests: the pending queue (oldest first) and their decisions. */
export const chargesRoutes: FastifyPluginAsyncZod = async (app) => {
  const dto = async (row: AdminChargeRow) => toAdminCharge(row, app.config.appKey, await chargeFlags(app.db, row));
  const one = async (db: DB, id: number) => {
    const row = await findChargeRow(db, id);
    if (!row) throw new AppError('NOT_FOUND', operatorMsg.chargeNotFound);
    return dto(row);
  };

  app.get(
    '/charges',
    { schema: { tags, summary: 'Top-up requests by status (pending by default), with a signed receipt link', querystring: chargeListQuery, response: { 200: adminChargesReply, ...errors } } },
    async (request) => {
      const { status, page } = request.query;
      const rows = await listChargeRows(app.db, status, pageWindow(page, PAGE_SIZE));
      const { items, paginate } = pageOf(rows, page, PAGE_SIZE);
      return { status: success, data: { charges: await Promise.all(items.map(dto)), paginate } };
    },
  );
  app.get(
    '/charges/:id',
    { schema: { tags, summary: 'One top-up request with its flags (the target of a duplicate link)', params: idParam, response: { 200: adminChargeReply, ...errors } } },
    async (request) => ({ status: success, data: { charge: await one(app.db, request.params.id) } }),
  );
  app.post(
    '/charges/:id/approve',
    { schema: { tags, summary: 'Credit the customer (optionally a corrected amount); 409 when already decided', params: idParam, body: chargeApproveInput.optional(), response: { 200: adminChargeReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      const amount = request.body?.amount;
      await app.db.transaction().execute((trx) => approveCharge(trx, { chargeId: id, operatorId: userId(request), amount }));
      return { status: success, data: { charge: await one(app.db, id) } };
    },
  );
  app.post(
    '/charges/:id/reject',
    { schema: { tags, summary: 'Refuse a top-up with a reason the customer reads; 409 when already decided', params: idParam, body: chargeRejectInput, response: { 200: adminChargeReply, ...errors } } },
    async (request) => {
      const { id } = request.params;
      await app.db.transaction().execute((trx) => rejectCharge(trx, { chargeId: id, operatorId: userId(request), reason: request.body.reason }));
      return { status: success, data: { charge: await one(app.db, id) } };
    },
  );
};
