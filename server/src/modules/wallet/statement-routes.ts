import { errorReply, statementQuery, statementReply } from '@raseed/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { storeBrand } from '../settings';
import { findStatementHolder } from './repository';
import { buildStatement, statementJson } from './statement';
import { statementCsv } from './statement-csv';
import { renderPdf, statementHtml } from './statement-pdf';

/** `GET /balances/statement`: the caller's statement for a date range as JSON, CSV or PDF. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balances/statement',
    {
      preHandler: requireUser,
      schema: {
        tags: ['wallet'],
        summary:
          'Statement for whole UTC days from…to: opening balance, movements, closing balance. ' +
          'format=csv (UTF-8 BOM) or pdf (Arabic RTL) downloads a file',
        querystring: statementQuery,
        response: { 200: statementReply, 401: errorReply, 422: errorReply, 503: errorReply },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const uid = userId(request);
      const statement = await buildStatement(app.db, uid, from, to);
      if (format === 'json') return { status: 'success' as const, data: statementJson(statement) };
      const brand = await storeBrand(app.db, app.storage);
      const file = `statement-${from}-${to}.${format}`;
      // A file, not the JSON envelope: sent as bytes, past the reply schema's serializer.
      const raw = reply as FastifyReply;
      raw.header('Cache-Control', 'no-store').header('Content-Disposition', `attachment; filename="${file}"`);
      if (format === 'csv')
        return raw.type('text/csv; charset=utf-8').send(Buffer.from(statementCsv(statement, brand.name), 'utf8'));
      const user = await findStatementHolder(app.db, uid);
      const pdf = await renderPdf(statementHtml(statement, brand, user), app.config.chromiumPath);
      return raw.type('application/pdf').send(pdf);
    },
  );
};
