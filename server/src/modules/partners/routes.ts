import { errorReply, partnersReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../kernel/http/guard';
import { listPartnerRows } from './repository';

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners',
    {
      preHandler: requireUser,
      schema: {
        tags: ['partners'],
        summary: 'The agents, each with a phone for a WhatsApp chat',
        response: { 200: partnersReply, 401: errorReply },
      },
    },
    async (request) => {
      const rows = await listPartnerRows(request.db, request.storefrontId);
      const partners = rows.map((r) => ({ id: r.id, name: r.name, img: r.img, address: r.address, phone: r.phone }));
      return { status: 'success' as const, data: { partners } };
    },
  );
};
