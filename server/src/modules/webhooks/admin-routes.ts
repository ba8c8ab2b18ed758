import { idParam, webhooksReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, success } from '../../kernel/http/route-kit';
import { listEndpointsOfUser } from './service';

/** A customer's webhook endpoints on their console page, with their failure state (read only). */
export const webhooksAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/webhooks',
    {
      schema: {
        tags: ['operator: users'],
        summary: "A customer's webhook endpoints (URL, events, failing or disabled), newest first",
        params: idParam,
        response: { 200: webhooksReply, ...errors },
      },
    },
    async (request) => ({
      status: success,
      data: { webhooks: await listEndpointsOfUser(request.db, request.params.id) },
    }),
  );
};
