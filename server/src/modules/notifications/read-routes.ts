import { errorReply, markNotificationsReadBody, unreadNotificationsReply } from '@raseed/contract';
import { markReadCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { unreadCount } from './read-service';

/** The bell's count and the read marker, kept on the server so it follows the customer across devices. */
export const notificationReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications/unread',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'How many notices are newer than the last one the caller read (the bell count)',
        response: { 200: unreadNotificationsReply, 401: errorReply },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { unread: await unreadCount(request.db, userId(request)) },
    }),
  );

  app.post(
    '/notifications/read',
    {
      preHandler: requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Marks the caller’s notices read up to `up_to` (default: all); replies with the new count',
        body: markNotificationsReadBody.nullish(),
        response: { 200: unreadNotificationsReply, 401: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      const uid = userId(request);
      const unread = await markReadCommand(request.db, uid, request.body?.up_to);
      return { status: 'success' as const, data: { unread } };
    },
  );
};
