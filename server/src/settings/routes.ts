import { errorReply, settingReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettings } from './service';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setting',
    {
      schema: {
        tags: ['settings'],
        summary: 'Store settings and home sliders, loaded at start',
        response: { 200: settingReply, 500: errorReply },
      },
    },
    async () => ({ status: 'success' as const, data: await getSettings(app.db) }),
  );
};
