import {
  chargeExportQuery,
  type DateRangeQuery,
  ledgerExportQuery,
  numberExportQuery,
  orderExportQuery,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { userId } from '../../kernel/http/guard';
import type { DB } from '../../db/database';
import { readRange, type Range } from '../dashboard';
import { audit } from '../audit';
import { errors } from '../../kernel/http/route-kit';
import { chargeColumns, ledgerColumns, numberColumns, orderColumns } from './columns';
import { type Column, csvStream } from './csv';
import { type Cursor, type Keyed, keysetRows } from './keyset';
import { chargeBatch, type ExportFilter, ledgerBatch, numberBatch, orderBatch } from './repository';

const tags = ['operator: exports'];
/** Documents the file; a streamed reply bypasses the serializer. */
const csv = { 200: z.string().meta({ description: 'text/csv; charset=utf-8, with BOM' }) };

/** CSV exports of orders, number purchases, top-ups and the ledger for a range of days and the lists' filters. */
function send(reply: FastifyReply, name: string, range: Range, body: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${range.from}_${range.to}.csv"`)
    .header('cache-control', 'no-store')
    .send(body);
}

type Spec<T extends Keyed> = {
  kind: 'orders' | 'numbers' | 'topups' | 'ledger';
  summary: string;
  query: z.ZodType<DateRangeQuery & Omit<ExportFilter, 'storefront'>>;
  batch: (db: DB, range: Range, f: ExportFilter, after: Cursor, limit: number) => Promise<T[]>;
  /** The columns, with dates in the operator's zone (`tz`, minutes east of UTC). */
  columns: (tz: number) => Column<T>[];
};

function addExport<T extends Keyed>(app: FastifyInstance, e: Spec<T>) {
  app.get(
    `/exports/${e.kind}.csv`,
    // A storefront's staff export their storefront's rows only (request.storefrontFilter).
    {
      config: { staff: true },
      schema: { tags, summary: e.summary, querystring: e.query, response: { ...csv, ...errors } },
    },
    async (request, reply) => {
      const query = { ...(request.query as DateRangeQuery & ExportFilter), storefront: request.storefrontFilter };
      const range = readRange(query);
      // Exporting customers' data is an operator action: it leaves an audit row like any other.
      await audit(request.db, userId(request), `export.${e.kind}`, e.kind, null, null, query);
      const rows = keysetRows(range, (after, limit) => e.batch(request.db, range, query, after, limit));
      return send(reply, e.kind, range, csvStream(rows, e.columns(range.tz), request.log));
    },
  );
}

export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  addExport(app, {
    kind: 'orders',
    summary:
      'Orders of a range of days as CSV (status, user_id, storefront filters), with the provider’s price and margin',
    query: orderExportQuery,
    batch: orderBatch,
    columns: orderColumns,
  });
  addExport(app, {
    kind: 'numbers',
    summary:
      'Number purchases of a range of days as CSV (status, user_id, storefront filters), with the provider’s price ' +
      'and margin',
    query: numberExportQuery,
    batch: numberBatch,
    columns: numberColumns,
  });
  addExport(app, {
    kind: 'topups',
    summary: 'Top-up requests of a range of days as CSV (status, user_id, storefront filters)',
    query: chargeExportQuery,
    batch: chargeBatch,
    columns: chargeColumns,
  });
  addExport(app, {
    kind: 'ledger',
    summary: 'Balance movements of a range of days as CSV (user_id, storefront filters)',
    query: ledgerExportQuery,
    batch: ledgerBatch,
    columns: ledgerColumns,
  });
};
