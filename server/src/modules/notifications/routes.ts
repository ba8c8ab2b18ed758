import { errorReply, notificationsReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { openOrderCodes } from '../orders';
import { listNotificationRows } from './repository';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications and the store-wide ones, newest first",
        response: { 200: notificationsReply, 401: errorReply },
      },
    },
    async (request) => {
      const rows = await listNotificationRows(request.db, userId(request));
      const notifications = rows.map((r) => ({
        id: r.id,
        title: r.title,
        msg: r.msg,
        created_at: r.created_at,
        order_id: r.order_id,
        codes: openOrderCodes(app.sealer, r.codes_enc),
      }));
      return { status: 'success' as const, data: { notifications } };
    },
  );
};
