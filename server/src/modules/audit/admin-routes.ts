import { auditQuery, auditReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAudit } from './repository';
import { errors, success } from '../../kernel/http/route-kit';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['operator: audit'],
        summary: 'Operator actions, newest first, 50 a page',
        querystring: auditQuery,
        response: { 200: auditReply, ...errors },
      },
      // A storefront's staff read the entries about their storefront (repository.ts, aboutStorefront).
      config: { staff: true },
    },
    async (request) => {
      const q = request.query;
      const f = { entity: q.entity, entityId: q.entity_id, actorId: q.actor_id, page: q.page };
      return { status: success, data: await listAudit(request.db, { ...f, storefront: request.storefrontFilter }) };
    },
  );
};
