import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperator } from '../auth/guard';
import { dashboardRoutes } from '../dashboard/routes';
import { exportRoutes } from '../exports/routes';
import { catalogRoutes } from './catalog/routes';
import { operatorMsg } from './messages-ar';
import { chargesRoutes } from './queues/charges-routes';
import { ordersRoutes } from './queues/orders-routes';
import { auditRoutes } from './store/audit-routes';
import { settingsRoutes } from './store/settings-routes';
import { creditRoutes } from './users/credit-routes';
import { usersRoutes } from './users/routes';
import { deliveryRoutes } from '../delivery/routes';
import { suppliersRoutes } from '../suppliers/routes';
import { numbersAdminRoutes } from '../numbers/admin-routes';

/**
 * The operator API. The guard runs at onRequest, before the body is parsed or validated, so a
 * customer or a stranger learns nothing from it (403/401 for any body) and uploads nothing.
 */
export const operatorApi: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireOperator);
  const maxMb = String(Number((app.config.uploadMaxBytes / 1024 / 1024).toFixed(1)));
  // The multipart reader stops an oversized or extra file before any handler runs; name the field.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      const text = operatorMsg.imageTooLarge(maxMb);
      return reply.code(413).send({ status: 'error', msg: text, errors: { img: [text] } });
    }
    if (error.code === 'FST_FILES_LIMIT')
      return reply.code(413).send({ status: 'error', msg: operatorMsg.tooManyFiles });
    throw error;
  });
  await app.register(dashboardRoutes);
  await app.register(exportRoutes);
  await app.register(chargesRoutes);
  await app.register(ordersRoutes);
  await app.register(catalogRoutes);
  await app.register(settingsRoutes);
  await app.register(usersRoutes);
  await app.register(creditRoutes);
  await app.register(auditRoutes);
  await app.register(deliveryRoutes);
  await app.register(suppliersRoutes);
  await app.register(numbersAdminRoutes);
};
