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
    },
    async (request) => {
      const q = request.query;
      return {
        status: success,
        data: await listAudit(app.db, { entity: q.entity, entityId: q.entity_id, actorId: q.actor_id, page: q.page }),
      };
    },
  );
};
