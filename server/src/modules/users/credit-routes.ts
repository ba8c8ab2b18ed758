import { adminUserDebtReply, adminUserReply, debtInput, idParam, userPatch, moneyToString } from '@raseed/contract';
import { lendCommand, repayCommand, updateUserCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { logMoneyDecision } from '../../kernel/money-log';
import { errors, formBodies, success } from '../../kernel/http/route-kit';
import { userWithDebt } from './edit-service';
import { assertReachableUser } from './service';

const tags = ['operator: users'];
// Open to a storefront's staff, for its customers only (kernel/http/storefront.ts).
const staff = { staff: true };

/** One user's page in the console: their fields, their credit limit, lending and repayments. */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user with their debt history, newest first',
        params: idParam,
        response: { 200: adminUserDebtReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      await assertReachableUser(request.db, request.params.id, request.storefrontFilter);
      return { status: success, data: await userWithDebt(request.db, request.params.id) };
    },
  );
  app.patch(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change a user’s name, phone or credit limit (only the fields sent)',
        consumes: formBodies,
        params: idParam,
        body: userPatch,
        response: { 200: adminUserReply, ...errors },
      },
      config: staff,
    },
    async (request) => {
      const { storefrontFilter: scope } = request;
      const user = await updateUserCommand(request.db, scope, userId(request), request.params.id, request.body);
      return { status: success, data: { user } };
    },
  );
  for (const [path, move, decision, summary] of [
    [
      'credit',
      lendCommand,
      'debt.lend',
      'Lend: add the amount to the balance and to the debt (refused beyond the credit limit)',
    ],
    [
      'settle',
      repayCommand,
      'debt.repay',
      'Record a repayment: lower the debt, the balance stays (422 beyond the debt)',
    ],
  ] as const) {
    app.post(
      `/users/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          consumes: formBodies,
          params: idParam,
          body: debtInput,
          response: { 200: adminUserDebtReply, ...errors },
        },
        config: staff,
      },
      async (request) => {
        const { amount, reason } = request.body;
        await move(request.db, request.storefrontFilter, userId(request), request.params.id, amount, reason);
        const operatorId = userId(request);
        logMoneyDecision(request.log, {
          decision,
          operatorId,
          userId: request.params.id,
          amount: moneyToString(amount),
        });
        return { status: success, data: await userWithDebt(request.db, request.params.id) };
      },
    );
  }
};
