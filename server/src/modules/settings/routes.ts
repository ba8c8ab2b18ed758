import { errorReply, settingReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../kernel/http-cache';
import { settingsReply } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setting',
    {
      schema: {
        tags: ['settings'],
        summary: "The request's storefront's settings and home sliders, loaded at start",
        response: { 200: settingReply, 500: errorReply },
      },
    },
    async (request, reply) => sendCached(request, reply, await settingsReply(app, request.storefrontId), 'public'),
  );
};
