import { adminSettingsReply, settingsPatch, storefrontQuery } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { getSettings } from './service';
import { errors, formBodies, success } from '../../kernel/http/route-kit';
import { updateSettings } from './admin-service';

const tags = ['operator: store'];

/** One storefront's settings: `?storefront=` (admin/index.ts sets request.storefrontId), 1 by default. */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      schema: {
        tags,
        summary: "A storefront's settings object",
        querystring: storefrontQuery,
        response: { 200: adminSettingsReply, ...errors },
      },
      // A storefront's staff read and change their own storefront's (kernel/http/storefront.ts).
      config: { staff: true },
    },
    async (request) => ({
      status: success,
      data: { setting: (await getSettings(request.db, request.storefrontId)).setting },
    }),
  );
  app.patch(
    '/settings',
    {
      schema: {
        tags,
        summary: "Change a storefront's settings; `logo` and `cover` are image files",
        consumes: formBodies,
        querystring: storefrontQuery,
        body: settingsPatch,
        response: { 200: adminSettingsReply, ...errors },
      },
      // Logo and cover may come in one form; the app-wide limit is one file a request.
      config: { multipartOptions: { limits: { files: 2 } }, staff: true },
    },
    async (request) => ({
      status: success,
      data: {
        setting: await updateSettings(request.db, app.storage, userId(request), request.storefrontId, request.body),
      },
    }),
  );
};
