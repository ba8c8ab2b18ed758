import {
  adjustInput,
  adminNotificationReply,
  adminUserReply,
  adminUsersReply,
  idParam,
  noticeInput,
  noticeQuery,
  userListQuery,
  moneyToString,
} from '@raseed/contract';
import { adjustBalanceCommand, sendNoticeCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { logMoneyDecision } from '../../kernel/money-log';
import { errors, success } from '../../kernel/http/route-kit';
import { listUsers } from './service';
import { staffStorefront } from '../../kernel/http/storefront';

// Open to a storefront's staff, within their storefront (kernel/http/storefront.ts).
const staff = { staff: true };

/** Users, balance adjustments and notices. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['operator: users'],
        summary: 'Search users by name, email, phone or #id',
        querystring: userListQuery,
        response: { 200: adminUsersReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      const { search, role, page } = request.query;
      // A storefront's staff see its customers, never the operators (their colleagues included).
      const scoped = staffStorefront(request.auth) !== null;
      const storefront = request.storefrontFilter ?? undefined;
      return {
        status: success,
        data: await listUsers(request.db, { search, role: scoped ? 'customer' : role, storefront, page }),
      };
    },
  );
  app.post(
    '/users/:id/adjust',
    {
      schema: {
        tags: ['operator: users'],
        summary: 'Credit (positive amount) or debit (negative) a balance, with a required reason',
        params: idParam,
        body: adjustInput,
        response: { 200: adminUserReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      const { amount, reason } = request.body;
      const { storefrontFilter } = request;
      const user = await adjustBalanceCommand(
        request.db,
        storefrontFilter,
        userId(request),
        request.params.id,
        amount,
        reason,
      );
      logMoneyDecision(request.log, {
        decision: 'balance.adjust',
        operatorId: userId(request),
        userId: request.params.id,
        amount: moneyToString(amount),
      });
      return { status: success, data: { user } };
    },
  );
  app.post(
    '/notifications',
    {
      schema: {
        tags: ['operator: users'],
        summary:
          'Send a notice to one user (user_id) or to every customer (no user_id; ' +
          "with ?storefront=, that storefront's customers; a storefront's staff: always theirs)",
        querystring: noticeQuery,
        body: noticeInput,
        response: { 201: adminNotificationReply, ...errors },
      },
      config: staff,
    },
    async (request, reply) => {
      const b = request.body;
      const notification = await sendNoticeCommand(request.db, userId(request), {
        userId: b.user_id ?? null,
        storefront: request.storefrontFilter,
        title: b.title,
        msg: b.msg,
      });
      return reply.code(201).send({ status: success, data: { notification } });
    },
  );
};
