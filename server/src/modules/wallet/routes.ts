import { balancesQuery, balancesReply, errorReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { getBalances } from './service';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balances',
    {
      preHandler: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          "The caller's balance movements, newest first, 20 a page, with balance, debt balance and total purchases",
        querystring: balancesQuery,
        response: { 200: balancesReply, 401: errorReply, 422: errorReply },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await getBalances(request.db, userId(request), request.query),
    }),
  );
};
