import { work } from '../kernel/unit-of-work';
import {
  adminOrderReply,
  codeParams,
  codesListQuery,
  codesListReply,
  codesUploadInput,
  codesUploadReply,
  emptyReply,
  idParam,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../auth/guard';
import { audit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { now } from '../lib/time';
import { pageOf, pageWindow } from '../operator/paging';
import { adminOrder } from '../operator/queues/service';
import { errors, formBodies, success } from '../operator/route-kit';
import { readCodesFile, splitPastedLines } from './codes-file';
import { deliveryMsg } from './messages-ar';
import { retryForward } from './forward';
import { addCodes, checkLines, listStock, removeCode, requireProduct } from './stock-service';

const tags = ['operator: delivery'];
const CODES_PAGE = 50;

/** The code stock of a product, and the operator's retry of a forward that needs attention. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.config.appKey;

  app.post(
    '/products/:id/codes',
    {
      schema: {
        tags,
        summary:
          "Add codes to a product's stock: JSON `codes` or a text/CSV `file` (code[,serial[,expires_at]] a line)",
        consumes: formBodies,
        params: idParam,
        body: codesUploadInput,
        response: { 200: codesUploadReply, ...errors },
      },
    },
    async (request) => {
      const { codes, file } = request.body;
      await requireProduct(app.db, request.params.id);
      const rows = file ? readCodesFile(file) : splitPastedLines(codes ?? []);
      const lines = checkLines(rows);
      const data = await work(app.db, (trx) => addCodes(trx, key, userId(request), request.params.id, lines));
      return { status: success, data };
    },
  );

  app.get(
    '/products/:id/codes',
    {
      schema: {
        tags,
        summary: 'Codes of a product, masked to their last 4 characters',
        params: idParam,
        querystring: codesListQuery,
        response: { 200: codesListReply, ...errors },
      },
    },
    async (request) => {
      const { status, page } = request.query;
      const { rows, stock } = await listStock(app.db, key, request.params.id, status, pageWindow(page, CODES_PAGE));
      const { items, paginate } = pageOf(rows, page, CODES_PAGE);
      return { status: success, data: { codes: items, stock, paginate } };
    },
  );

  app.delete(
    '/products/:id/codes/:codeId',
    {
      schema: {
        tags,
        summary: 'Remove an unsold code (409 for a sold one)',
        params: codeParams,
        response: { 200: emptyReply, ...errors },
      },
    },
    async (request) => {
      await work(app.db, (trx) => removeCode(trx, key, userId(request), request.params.id, request.params.codeId));
      return { status: success };
    },
  );

  app.post(
    '/orders/:id/retry-delivery',
    {
      schema: {
        tags,
        summary: 'Send a forward that needs attention to its supplier again',
        params: idParam,
        response: { 200: adminOrderReply, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      await adminOrder(app.db, key, id); // 404 for an unknown order
      await work(app.db, async (trx) => {
        const t = now();
        const rearmed = await retryForward(trx, id, t);
        if (!rearmed) throw new AppError('UNPROCESSABLE', deliveryMsg.notForwarded);
        await audit(
          trx,
          userId(request),
          'delivery.retry',
          'order',
          id,
          { state: 'attention' },
          { state: rearmed.state },
        );
      });
      return { status: success, data: { order: await adminOrder(app.db, key, id) } };
    },
  );
};
