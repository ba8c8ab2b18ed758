import {
  adminSupplierReply,
  adminSuppliersReply,
  emptyReply,
  idParam,
  moneyToString,
  supplierBalanceReply,
  supplierInput,
  supplierPatch,
} from '@raseed/contract';
import { createSupplierCommand, patchSupplierCommand, removeSupplierCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../kernel/errors';
import { userId } from '../../../kernel/http/guard';
import { errors, success } from '../../../kernel/http/route-kit';
import { listSupplierRows } from './repository';
import { requireSupplier, toAdminSupplier } from './service';
import { SupplierError } from './supplier';

const tags = ['operator: suppliers'];

/** Upstream stores orders are forwarded to. Credentials go in and never come back out. */
export const suppliersRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.sealer;
  app.get(
    '/suppliers',
    { schema: { tags, summary: 'List suppliers', response: { 200: adminSuppliersReply, ...errors } } },
    async () => ({
      status: success,
      data: { suppliers: (await listSupplierRows(app.db)).map(toAdminSupplier) },
    }),
  );

  app.post(
    '/suppliers',
    {
      schema: {
        tags,
        summary: 'Add a supplier (password or token kept encrypted)',
        body: supplierInput,
        response: { 201: adminSupplierReply, ...errors },
      },
    },
    async (request, reply) => {
      const supplier = await createSupplierCommand(app.db, key, userId(request), request.body);
      return reply.code(201).send({ status: success, data: { supplier } });
    },
  );

  app.patch(
    '/suppliers/:id',
    {
      schema: {
        tags,
        summary: 'Change a supplier; a blank password or token keeps the stored one',
        params: idParam,
        body: supplierPatch,
        response: { 200: adminSupplierReply, ...errors },
      },
    },
    async (request) => {
      const supplier = await patchSupplierCommand(app.db, key, userId(request), request.params.id, request.body);
      return { status: success, data: { supplier } };
    },
  );

  app.delete(
    '/suppliers/:id',
    {
      schema: {
        tags,
        summary: 'Remove a supplier no product or order uses',
        params: idParam,
        response: { 200: emptyReply, ...errors },
      },
    },
    async (request) => {
      await removeSupplierCommand(app.db, userId(request), request.params.id);
      return { status: success };
    },
  );

  app.get(
    '/suppliers/:id/balance',
    {
      schema: {
        tags,
        summary: 'Our balance at the supplier',
        params: idParam,
        response: { 200: supplierBalanceReply, 502: errors[422], 503: errors[422], ...errors },
      },
    },
    async (request) => {
      const row = await requireSupplier(app.db, request.params.id);
      try {
        const balance = await app.suppliers.get(row).balance();
        return { status: success, data: { balance: moneyToString(balance) } };
      } catch (err) {
        if (!(err instanceof SupplierError)) throw err;
        // The supplier's fault, not the operator's request: a gateway error with its Arabic reason.
        throw new AppError(err.retry ? 'unavailable' : 'upstream_failed', err.message);
      }
    },
  );
};
