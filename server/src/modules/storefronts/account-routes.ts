import {
  idParam,
  storefrontAccountAdjust,
  storefrontAccountPageQuery,
  storefrontAccountPatch,
  storefrontAccountReply,
  storefrontAccountsReply,
  storefrontQuery,
  storefrontRefusalsSeen,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../kernel/errors';
import { userId } from '../../kernel/http/guard';
import { errors, success } from '../../kernel/http/route-kit';
import { listStorefrontAccounts, markStorefrontRefusalsSeen, readStorefrontAccount } from '../wallet';
import { adjustAccount, limitAccount } from './account-commands';
import { storefrontMsg } from './messages-ar';

const tags = ['operator: storefronts'];

/**
 * A storefront's account with the provider. Its staff read their own (another storefront's is a
 * 404, as an unknown one) and mark its refusals seen; the provider's operators read every one,
 * credit or debit it and set its credit limit. Each change answers with the account as it is
 * after it, as the caller reads it (their unseen refusals).
 */
export const storefrontAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The storefront in the path, if it exists and the caller may see it (staff: their own only). */
  const storefrontOf = (request: FastifyRequest, id: number): number => {
    if (!app.caches.storefronts.get(id)) throw new AppError('not_found', storefrontMsg.notFound);
    if (request.storefrontFilter !== null && request.storefrontFilter !== id)
      throw new AppError('not_found', storefrontMsg.notFound);
    return id;
  };
  app.get(
    '/storefront-accounts',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: "Every storefront's account with the provider (storefront 1 is the provider: none)",
        querystring: storefrontQuery,
        response: { 200: storefrontAccountsReply, ...errors },
      },
    },
    async (request) => ({
      status: success,
      data: { accounts: await listStorefrontAccounts(request.db, request.storefrontFilter, userId(request)) },
    }),
  );
  app.get(
    '/storefronts/:id/account',
    {
      config: { staff: true },
      schema: {
        tags,
        summary: "A storefront's account: balance, credit limit, what is left, a warning, a page of its ledger",
        params: idParam,
        querystring: storefrontAccountPageQuery,
        response: { 200: storefrontAccountReply, ...errors },
      },
    },
    async (request) => ({
      status: success,
      data: await readStorefrontAccount(
        request.db,
        storefrontOf(request, request.params.id),
        request.query.before,
        userId(request),
      ),
    }),
  );
  app.post(
    '/storefronts/:id/account/refusals-seen',
    {
      config: { staff: true },
      schema: {
        tags,
        summary:
          "The caller has seen the account's refusals up to `refused_count` (the count their console showed): " +
          "their `unseen_refusals` drops, a colleague's does not",
        params: idParam,
        body: storefrontRefusalsSeen,
        response: { 200: storefrontAccountReply, ...errors },
      },
    },
    async (request) => {
      const id = storefrontOf(request, request.params.id);
      const viewer = userId(request);
      await markStorefrontRefusalsSeen(request.db, viewer, id, request.body.refused_count);
      return { status: success, data: await readStorefrontAccount(request.db, id, undefined, viewer) };
    },
  );
  app.post(
    '/storefronts/:id/account/adjust',
    {
      schema: {
        tags,
        summary: 'Credit ("25") or debit ("-5.50", within its credit limit) a storefront\'s account, with why',
        params: idParam,
        body: storefrontAccountAdjust,
        response: { 200: storefrontAccountReply, ...errors },
      },
    },
    async (request) => {
      const id = storefrontOf(request, request.params.id);
      await adjustAccount(request.db, userId(request), id, request.body);
      return { status: success, data: await readStorefrontAccount(request.db, id, undefined, userId(request)) };
    },
  );
  app.patch(
    '/storefronts/:id/account',
    {
      schema: {
        tags,
        summary: "Set how far below zero a storefront's account may go (`credit_limit`, 0: not at all)",
        params: idParam,
        body: storefrontAccountPatch,
        response: { 200: storefrontAccountReply, ...errors },
      },
    },
    async (request) => {
      const id = storefrontOf(request, request.params.id);
      const limit = request.body.credit_limit;
      if (limit !== undefined) await limitAccount(request.db, userId(request), id, limit);
      return { status: success, data: await readStorefrontAccount(request.db, id, undefined, userId(request)) };
    },
  );
};
