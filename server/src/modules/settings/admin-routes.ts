import { adminSettingsReply, settingsPatch } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { getSettings } from './service';
import { errors, formBodies, success } from '../../kernel/http/route-kit';
import { updateSettings } from './admin-service';

const tags = ['operator: store'];

export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    { schema: { tags, summary: 'The settings object', response: { 200: adminSettingsReply, ...errors } } },
    async () => ({ status: success, data: { setting: (await getSettings(app.db)).setting } }),
  );
  app.patch(
    '/settings',
    {
      schema: {
        tags,
        summary: 'Change settings; `logo` and `cover` are image files',
        consumes: formBodies,
        body: settingsPatch,
        response: { 200: adminSettingsReply, ...errors },
      },
      // Logo and cover may come in one form; the app-wide limit is one file a request.
      config: { multipartOptions: { limits: { files: 2 } } },
    },
    async (request) => ({
      status: success,
      data: { setting: await updateSettings(app.db, app.storage, userId(request), request.body) },
    }),
  );
};
