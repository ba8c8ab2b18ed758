import {
  adminSuppliersReply,
  emptyReply,
  idParam,
  moneyToString,
  supplierBalanceReply,
  supplierInput,
  supplierPatch,
  supplierSavedReply,
} from '@raseed/contract';
import { removeSupplierCommand } from './commands';
import { createTestedSupplier, patchTestedSupplier } from './connection';
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
        summary:
          'Add a supplier (password or token kept encrypted) once a sign-in there answered; ' +
          'a failed connection test is a 422 with its reason',
        body: supplierInput,
        response: { 201: supplierSavedReply, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createTestedSupplier(request.db, app.suppliers, key, userId(request), request.body);
      return reply.code(201).send({ status: success, data });
    },
  );

  app.patch(
    '/suppliers/:id',
    {
      schema: {
        tags,
        summary:
          'Change a supplier; a blank password or token keeps the stored one. A new address or ' +
          'account is tried first (422 with the reason when it fails)',
        params: idParam,
        body: supplierPatch,
        response: { 200: supplierSavedReply, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = await patchTestedSupplier(request.db, app.suppliers, key, userId(request), id, request.body);
      return { status: success, data };
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
      await removeSupplierCommand(request.db, userId(request), request.params.id);
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
      const row = await requireSupplier(request.db, request.params.id);
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
