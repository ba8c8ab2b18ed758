import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCodesRoutes } from './kernel/http/error-codes-routes';
import { authRoutes } from './modules/accounts';
import { apiKeyCallRules, apiKeyRoutes } from './modules/api-keys';
import { catalogRoutes } from './modules/catalog';
import { orderCreateRoutes } from './modules/checkout';
import { orderRoutes } from './modules/orders';
import { notificationReadRoutes } from './modules/notifications';
import { notificationsRoutes } from './modules/notifications';
import { numbersRoutes } from './modules/numbers';
import { operatorApi } from './admin';
import { partnersRoutes } from './modules/partners';
import { settingsRoutes } from './modules/settings';
import { topupRoutes } from './modules/topups';
import { walletRoutes } from './modules/wallet';
import { eventStreamRoutes } from './modules/notifications';
import { playerRoutes } from './modules/players';
import { pushRoutes } from './modules/notifications';
import { statementRoutes } from './modules/wallet';
import { webhookRoutes } from './modules/webhooks';

/** Every domain's public routes, mounted under /public/api/v1. */
export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before any route: what holds for every call made with an API key (its limit, test keys read only).
  await apiKeyCallRules(app);
  await app.register(errorCodesRoutes);
  await app.register(settingsRoutes);
  await app.register(authRoutes);
  await app.register(catalogRoutes);
  await app.register(orderCreateRoutes);
  await app.register(orderRoutes);
  await app.register(walletRoutes);
  await app.register(topupRoutes);
  await app.register(notificationsRoutes);
  await app.register(notificationReadRoutes);
  await app.register(partnersRoutes);
  await app.register(numbersRoutes);
  await app.register(pushRoutes);
  await app.register(eventStreamRoutes);
  await app.register(playerRoutes);
  await app.register(statementRoutes);
  await app.register(apiKeyRoutes);
  await app.register(webhookRoutes);
};

/** Operator routes, mounted under /admin/api/v1; each plugin guards itself with requireOperator. */
export const adminApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(operatorApi);
};
