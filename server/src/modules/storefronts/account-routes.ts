import {
  storefrontAccountMove,
  storefrontAccountQuery,
  storefrontAccountReply,
  storefrontCreditLimitInput,
  storefrontQuery,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { errors, success } from '../../kernel/http/route-kit';
import { work } from '../../kernel/unit-of-work';
import { moveStorefrontAccount, readStorefrontAccount, setStorefrontCreditLimit } from '../wallet';

const tags = ['operator: storefronts'];

/**
 * A storefront's account with the provider (`?storefront=`): its staff read it (their own
 * storefront's, whatever they name); the provider's operators also credit, debit and set its
 * credit limit. Each change answers with the account as it is after it.
 */
export const storefrontAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = (storefrontId: number, before?: number) => readStorefrontAccount(app.db, storefrontId, before);
  app.get(
    '/storefront-account',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: "A storefront's account with the provider: balance, credit limit, what is left, a warning, its ledger",
        querystring: storefrontAccountQuery,
        response: { 200: storefrontAccountReply, ...errors },
      },
    },
    async (request) => ({ status: success, data: await read(request.storefrontId, request.query.before) }),
  );
  for (const kind of ['credit', 'debit'] as const) {
    app.post(
      `/storefront-account/${kind}`,
      {
        schema: {
          tags,
          summary:
            kind === 'credit'
              ? "Credit a storefront's account (money received from it), with the reason"
              : "Debit a storefront's account (a correction), within its credit limit, with the reason",
          querystring: storefrontQuery,
          body: storefrontAccountMove,
          response: { 200: storefrontAccountReply, ...errors },
        },
      },
      async (request) => {
        await work(app.db, (trx) =>
          moveStorefrontAccount(trx, userId(request), request.storefrontId, { kind, ...request.body }),
        );
        return { status: success, data: await read(request.storefrontId) };
      },
    );
  }
  app.put(
    '/storefront-account/credit-limit',
    {
      schema: {
        tags,
        summary: "How far below zero a storefront's account may go (0: not at all)",
        querystring: storefrontQuery,
        body: storefrontCreditLimitInput,
        response: { 200: storefrontAccountReply, ...errors },
      },
    },
    async (request) => {
      await work(app.db, (trx) =>
        setStorefrontCreditLimit(trx, userId(request), request.storefrontId, request.body.credit_limit),
      );
      return { status: success, data: await read(request.storefrontId) };
    },
  );
};
