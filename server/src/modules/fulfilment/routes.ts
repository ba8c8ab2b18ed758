import {
  codeParams,
  codesListQuery,
  codesDeleteInput,
  codesDeleteReply,
  codesListReply,
  codesUploadInput,
  codesUploadReply,
  emptyReply,
  idParam,
  lowStockReply,
} from '@raseed/contract';
import { addCodesCommand, removeCodeCommand, removeCodesCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { pageOf, pageWindow } from '../../kernel/http/paging';
import { errors, formBodies, success } from '../../kernel/http/route-kit';
import { readCodesFile, splitPastedLines } from './codes-file';
import { checkLines, listLowStock, listStock, requireProduct } from './stock-service';

const tags = ['operator: delivery'];
const CODES_PAGE = 50;

/** The code stock of a product, and the operator's retry of a forward that needs attention. */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const key = app.sealer;

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
      await requireProduct(request.db, request.params.id);
      const rows = file ? readCodesFile(file) : splitPastedLines(codes ?? []);
      const lines = checkLines(rows);
      const data = await addCodesCommand(request.db, key, userId(request), request.params.id, lines);
      return { status: success, data };
    },
  );

  app.get(
    '/products/:id/codes',
    {
      schema: {
        tags,
        summary: 'Codes of a product, masked to their last 4 characters; search by a whole code or an order number',
        params: idParam,
        querystring: codesListQuery,
        response: { 200: codesListReply, ...errors },
      },
    },
    async (request) => {
      const { status, search, page } = request.query;
      const window = pageWindow(page, CODES_PAGE);
      const { rows, stock } = await listStock(request.db, key, request.params.id, { status, search }, window);
      const { items, paginate } = pageOf(rows, page, CODES_PAGE);
      return { status: success, data: { codes: items, stock, paginate } };
    },
  );

  app.post(
    '/products/:id/codes/delete',
    {
      schema: {
        tags,
        summary: 'Remove several unsold codes at once; sold ones named are kept and counted',
        params: idParam,
        body: codesDeleteInput,
        response: { 200: codesDeleteReply, ...errors },
      },
    },
    async (request) => {
      const data = await removeCodesCommand(request.db, key, userId(request), request.params.id, request.body.ids);
      return { status: success, data };
    },
  );

  app.get(
    '/stock/low',
    {
      schema: {
        tags,
        summary: 'Products delivered from stock at or under their low-stock threshold, with their codes left',
        response: { 200: lowStockReply, ...errors },
      },
    },
    async () => ({ status: success, data: { products: await listLowStock(app.db) } }),
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
      await removeCodeCommand(request.db, key, userId(request), request.params.id, request.params.codeId);
      return { status: success };
    },
  );
};
