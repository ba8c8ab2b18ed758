import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../kernel/errors';
import { requireOperator } from '../kernel/http/guard';
import { dashboardRoutes } from '../modules/dashboard';
import { exportRoutes } from '../modules/exports';
import { catalogAdminRoutes } from '../modules/catalog';
import { operatorMsg } from '../kernel/http/operator-messages-ar';
import { chargesRoutes } from '../modules/queues';
import { ordersRoutes } from '../modules/queues';
import { auditRoutes } from '../modules/audit';
import { settingsAdminRoutes } from '../modules/settings';
import { creditRoutes } from '../modules/users';
import { usersRoutes } from '../modules/users';
import { staffRoutes } from '../modules/users';
import { deliveryRoutes } from '../modules/fulfilment';
import { suppliersRoutes } from '../modules/fulfilment';
import { numbersAdminRoutes } from '../modules/numbers';
import { apiKeysAdminRoutes } from '../modules/api-keys';
import { webhooksAdminRoutes } from '../modules/webhooks';
import { operatorStorefront, storefrontsAdminRoutes } from '../modules/storefronts';

/**
 * The operator API. The guard runs at onRequest, before the body is parsed or validated, so a
 * customer or a stranger learns nothing from it (403/401 for any body) and uploads nothing.
 */
export const operatorApi: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireOperator);
  const maxMb = String(Number((app.config.uploadMaxBytes / 1024 / 1024).toFixed(1)));
  // The multipart reader stops an oversized or extra file before any handler runs; name the field.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const text = operatorMsg.imageTooLarge(maxMb);
      throw new AppError('payload_too_large', text, { img: [text] });
    }
    if (error.code === 'FST_FILES_LIMIT') throw new AppError('payload_too_large', operatorMsg.tooManyFiles);
    throw error;
  });
  // `?storefront=` on the storefront-scoped routes (settings, sliders, banks, partners).
  operatorStorefront(app);
  await app.register(storefrontsAdminRoutes);
  await app.register(dashboardRoutes);
  await app.register(exportRoutes);
  await app.register(chargesRoutes);
  await app.register(ordersRoutes);
  await app.register(catalogAdminRoutes);
  await app.register(settingsAdminRoutes);
  await app.register(usersRoutes);
  await app.register(creditRoutes);
  await app.register(staffRoutes);
  await app.register(auditRoutes);
  await app.register(deliveryRoutes);
  await app.register(suppliersRoutes);
  await app.register(numbersAdminRoutes);
  await app.register(apiKeysAdminRoutes);
  await app.register(webhooksAdminRoutes);
};
