import { chargeExportQuery, ledgerExportQuery, orderExportQuery } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { userId } from '../auth/guard';
import { readRange, type Range } from '../dashboard/date-range';
import { audit } from '../lib/audit';
import { errors } from '../operator/route-kit';
import { chargeColumns, ledgerColumns, orderColumns } from './columns';
import { csvStream } from './csv';
import { keysetRows } from './keyset';
import { chargeBatch, ledgerBatch, orderBatch } from './repository';

const tags = ['operator: exports'];
/** Documents the file; a streamed reply bypasses the serializer. */
const csv = { 200: z.string().meta({ description: 'text/csv; charset=utf-8, with BOM' }) };

function send(reply: FastifyReply, name: string, range: Range, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${range.from}_${range.to}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * CSV exports of orders, top-ups and the ledger for a range of days and the lists' filters.
 * Exporting customers' data is an operator action, so each one leaves an audit row.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const logged = (actor: number, what: string, filters: object) => audit(app.db, actor, `export.${what}`, what, null, null, filters);

  app.get(
    '/exports/orders.csv',
    { schema: { tags, summary: 'Orders of a range of days as CSV (status, user_id filters)', querystring: orderExportQuery, response: { ...csv, ...errors } } },
    async (request, reply) => {
      const range = readRange(request.query);
      await logged(userId(request), 'orders', request.query);
      const rows = keysetRows(range, (after, limit) => orderBatch(app.db, range, request.query, after, limit));
      return send(reply, 'orders', range, csvStream(rows, orderColumns, request.log));
    },
  );
  app.get(
    '/exports/topups.csv',
    { schema: { tags, summary: 'Top-up requests of a range of days as CSV (status, user_id filters)', querystring: chargeExportQuery, response: { ...csv, ...errors } } },
    async (request, reply) => {
      const range = readRange(request.query);
      await logged(userId(request), 'topups', request.query);
      const rows = keysetRows(range, (after, limit) => chargeBatch(app.db, range, request.query, after, limit));
      return send(reply, 'topups', range, csvStream(rows, chargeColumns, request.log));
    },
  );
  app.get(
    '/exports/ledger.csv',
    { schema: { tags, summary: 'Balance movements of a range of days as CSV (user_id filter)', querystring: ledgerExportQuery, response: { ...csv, ...errors } } },
    async (request, reply) => {
      const range = readRange(request.query);
      await logged(userId(request), 'ledger', request.query);
      const rows = keysetRows(range, (after, limit) => ledgerBatch(app.db, range, request.query, after, limit));
      return send(reply, 'ledger', range, csvStream(rows, ledgerColumns, request.log));
    },
  );
};
