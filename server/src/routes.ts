import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/routes';
import { catalogRoutes } from './catalog/routes';
import { orderCreateRoutes } from './orders/create-routes';
import { orderRoutes } from './orders/routes';
import { notificationReadRoutes } from './notifications/read-routes';
import { notificationsRoutes } from './notifications/routes';
import { numbersRoutes } from './numbers/routes';
import { operatorApi } from './operator/index';
import { partnersRoutes } from './partners/routes';
import { settingsRoutes } from './settings/routes';
import { topupRoutes } from './topup/routes';
import { walletRoutes } from './wallet/routes';
import { eventStreamRoutes } from './events/stream-routes';
import { playerRoutes } from './players/routes';
import { pushRoutes } from './push/routes';
import { statementRoutes } from './wallet/statement-routes';

/** Every domain's public routes, mounted under /public/api/v1. */
export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

/** Operator routes, mounted under /admin/api/v1; each plugin guards itself with requireOperator. */
export const adminApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(operatorApi);
};
