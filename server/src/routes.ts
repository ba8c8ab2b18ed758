import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsRoutes } from './settings/routes';

/** Every domain's public routes, mounted under /public/api/v1. */
export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(settingsRoutes);
};

/** Operator routes, mounted under /admin/api/v1; each plugin guards itself with requireOperator. */
export const adminApiRoutes: FastifyPluginAsyncZod = async (_app) => {};
