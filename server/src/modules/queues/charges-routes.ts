import {
  adminChargeReply,
  adminChargesReply,
  chargeApproveInput,
  chargeListQuery,
  chargeRejectInput,
  idParam,
} from '@raseed/contract';
import { approveChargeCommand, rejectChargeCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { logMoneyDecision } from '../../kernel/money-log';
import { errors, success } from '../../kernel/http/route-kit';
import { adminCharge, adminCharges } from './service';

const tags = ['operator: queues'];
// Open to a storefront's staff, for its customers' top-ups only (kernel/http/storefront.ts).
const staff = { staff: true };

/** Top-up requests: the pending queue (oldest first) and their decisions. */
export const chargesRoutes: FastifyPluginAsyncZod = async (app) => {
  const one = (id: number, storefront: number | null) => adminCharge(app.db, app.sealer, id, storefront);

  app.get(
    '/charges',
    {
      schema: {
        tags,
        summary: 'Top-up requests by status (pending by default), with a signed receipt link',
        querystring: chargeListQuery,
        response: { 200: adminChargesReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      const { status, page } = request.query;
      const f = { status, storefront: request.storefrontFilter };
      return { status: success, data: await adminCharges(request.db, app.sealer, f, page) };
    },
  );
  app.get(
    '/charges/:id',
    {
      schema: {
        tags,
        summary: 'One top-up request with its flags (the target of a duplicate link)',
        params: idParam,
        response: { 200: adminChargeReply, ...errors },
      },
      config: staff,
    },
    async (request) => ({ status: success, data: { charge: await one(request.params.id, request.storefrontFilter) } }),
  );
  app.post(
    '/charges/:id/approve',
    {
      schema: {
        tags,
        summary: 'Credit the customer (optionally a corrected dollar amount, with its reason); 409 when decided',
        params: idParam,
        body: chargeApproveInput.optional(),
        response: { 200: adminChargeReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      const { id } = request.params;
      const { amount, reason } = request.body ?? {};
      const scope = request.storefrontFilter;
      await approveChargeCommand(request.db, scope, { chargeId: id, operatorId: userId(request), amount, reason });
      const charge = await one(id, scope);
      logMoneyDecision(request.log, {
        decision: 'topup.approve',
        operatorId: userId(request),
        userId: charge.user.id,
        topupId: id,
        amount: charge.amount,
      });
      return { status: success, data: { charge } };
    },
  );
  app.post(
    '/charges/:id/reject',
    {
      schema: {
        tags,
        summary: 'Refuse a top-up with a reason the customer reads; 409 when already decided',
        params: idParam,
        body: chargeRejectInput,
        response: { 200: adminChargeReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      const { id } = request.params;
      const scope = request.storefrontFilter;
      const decision = { chargeId: id, operatorId: userId(request), reason: request.body.reason };
      await rejectChargeCommand(request.db, scope, decision);
      const charge = await one(id, scope);
      logMoneyDecision(request.log, {
        decision: 'topup.reject',
        operatorId: userId(request),
        userId: charge.user.id,
        topupId: id,
        amount: charge.amount,
      });
      return { status: success, data: { charge } };
    },
  );
};
