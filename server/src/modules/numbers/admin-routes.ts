import {
  adminNumberPurchaseReply,
  adminNumberPurchasesQuery,
  adminNumberPurchasesReply,
  adminNumberServiceReply,
  adminNumberServicesReply,
  emptyReply,
  idParam,
  moneyToString,
  numberProviderBalanceReply,
  numberProviderPatch,
  numberProviderReply,
  numberServiceInput,
  numberServicePatch,
  numberSyncReply,
} from '@raseed/contract';
import {
  saveProviderCommand,
  applyPricesCommand,
  createServiceCommand,
  patchServiceCommand,
  removeServiceCommand,
  refundByOperatorCommand,
} from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../kernel/errors';
import { userId } from '../../kernel/http/guard';
import { errors, success } from '../../kernel/http/route-kit';
import { adminPurchase, listAdminPurchases, requireProvider, toAdminProvider } from './admin-service';
import * as catalog from './catalog-repository';
import { toAdminNumberService } from './dto';
import { NumbersError } from './numbers-supplier';

const tags = ['operator: numbers'];
const gateway = { 502: errors[422], 503: errors[422] };

/** The numbers provider, the services sold through it, and every customer's number purchases. */
export const numbersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.sealer;

  /** Asks the provider; its trouble is a gateway error with the Arabic reason, not a 500. */
  async function ask<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof NumbersError)) throw err;
      throw new AppError(err.kind === 'refused' ? 'upstream_failed' : 'unavailable', err.message);
    }
  }

  app.get(
    '/numbers/provider',
    {
      schema: {
        tags,
        summary: 'The numbers provider (its key never comes back)',
        response: { 200: numberProviderReply, ...errors },
      },
    },
    async () => {
      const row = await catalog.findProvider(app.db);
      return { status: success, data: { provider: row ? toAdminProvider(row) : null } };
    },
  );

  // PATCH, though the first save creates it: there is one provider, and a blank key keeps the stored one.
  app.patch(
    '/numbers/provider',
    {
      schema: {
        tags,
        summary: 'Set the handler-API provider; a blank key keeps the stored one',
        body: numberProviderPatch,
        response: { 200: numberProviderReply, ...errors },
      },
    },
    async (request) => {
      const provider = await saveProviderCommand(request.db, key, userId(request), request.body);
      return { status: success, data: { provider } };
    },
  );

  app.get(
    '/numbers/provider/balance',
    {
      schema: {
        tags,
        summary: 'Our balance at the provider',
        response: { 200: numberProviderBalanceReply, ...gateway, ...errors },
      },
    },
    async () => {
      const row = await catalog.findProvider(app.db);
      if (!row) return { status: success, data: { balance: null } };
      const balance = await ask(() => app.numbersPool.get(row).balance());
      return { status: success, data: { balance: moneyToString(balance) } };
    },
  );

  app.post(
    '/numbers/provider/sync',
    {
      schema: {
        tags,
        summary: "Update costs and availability from the provider's price list",
        response: { 200: numberSyncReply, ...gateway, ...errors },
      },
    },
    async (request) => {
      const row = await requireProvider(request.db);
      const prices = await ask(() => app.numbersPool.get(row).prices());
      const data = await applyPricesCommand(request.db, userId(request), row.id, prices);
      return { status: success, data };
    },
  );

  app.get(
    '/numbers/services',
    {
      schema: {
        tags,
        summary: 'Every number service, active or not',
        response: { 200: adminNumberServicesReply, ...errors },
      },
    },
    async () => ({
      status: success,
      data: { services: (await catalog.listServices(app.db, { activeOnly: false })).map(toAdminNumberService) },
    }),
  );

  app.post(
    '/numbers/services',
    {
      schema: {
        tags,
        summary: 'Add a service (app + country + prices)',
        body: numberServiceInput,
        response: { 201: adminNumberServiceReply, ...errors },
      },
    },
    async (request, reply) => {
      const service = await createServiceCommand(request.db, userId(request), request.body);
      return reply.code(201).send({ status: success, data: { service } });
    },
  );

  app.patch(
    '/numbers/services/:id',
    {
      schema: {
        tags,
        summary: 'Change a service',
        params: idParam,
        body: numberServicePatch,
        response: { 200: adminNumberServiceReply, ...errors },
      },
    },
    async (request) => {
      const service = await patchServiceCommand(request.db, userId(request), request.params.id, request.body);
      return { status: success, data: { service } };
    },
  );

  app.delete(
    '/numbers/services/:id',
    {
      schema: {
        tags,
        summary: 'Remove a service never bought',
        params: idParam,
        response: { 200: emptyReply, ...errors },
      },
    },
    async (request) => {
      await removeServiceCommand(request.db, userId(request), request.params.id);
      return { status: success };
    },
  );

  app.get(
    '/numbers/purchases',
    {
      schema: {
        tags,
        summary: 'Number purchases with their provider state, storefront and provider price, newest first',
        querystring: adminNumberPurchasesQuery,
        response: { 200: adminNumberPurchasesReply, ...errors },
      },
      // A storefront's staff read their storefront's purchases; refunding one is the provider's.
      config: { staff: true },
    },
    async (request) => {
      const { page, status: s } = request.query;
      const status = s && s !== 'all' ? s : undefined;
      return { status: success, data: await listAdminPurchases(request.db, page, status, request.storefrontFilter) };
    },
  );

  app.get(
    '/numbers/purchases/:id',
    {
      schema: {
        tags,
        summary: 'One number purchase as the list shows it',
        params: idParam,
        response: { 200: adminNumberPurchaseReply, ...errors },
      },
      config: { staff: true },
    },
    async (request) => ({
      status: success,
      data: { purchase: await adminPurchase(request.db, request.params.id, request.storefrontFilter) },
    }),
  );

  app.post(
    '/numbers/purchases/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a purchase stuck waiting (once)',
        params: idParam,
        response: { 200: adminNumberPurchaseReply, ...errors },
      },
    },
    async (request) => {
      const purchase = await refundByOperatorCommand(request.db, userId(request), request.params.id);
      return { status: success, data: { purchase } };
    },
  );
};
