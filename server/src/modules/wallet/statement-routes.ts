import { errorReply, statementQuery, statementReply } from '@raseed/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { rateLimited, useRateLimits } from '../../kernel/rate-limit';
import { storeBrand } from '../settings';
import { findStatementHolder } from './repository';
import { buildStatement, statementJson } from './statement';
import { statementCsv } from './statement-csv';
import { statementHtml } from './statement-pdf';
import { PrintCancelled, PrintRefused, printMsg, STATEMENT_PRINTS } from './statement-prints';

/** `GET /balances/statement`: the caller's statement for a date range as JSON, CSV or PDF. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimits(app);
  // Only PDFs are counted: JSON and CSV cost a query, a PDF a Chromium.
  const pdfLimit = rateLimited(app, [
    {
      max: STATEMENT_PRINTS.ratePerCustomer,
      windowMs: STATEMENT_PRINTS.rateWindowMs,
      key: (r) => ((r.query as { format?: string }).format === 'pdf' && r.auth ? `statement-pdf:${r.auth.id}` : null),
      message: printMsg.tooMany,
    },
  ]);
  app.get(
    '/balances/statement',
    {
      preHandler: [requireUser, pdfLimit],
      schema: {
        tags: ['wallet'],
        summary:
          'Statement for whole UTC days from…to: opening balance, movements, closing balance. ' +
          'format=csv (UTF-8 BOM) or pdf (Arabic RTL) downloads a file; PDFs are limited per customer (429) ' +
          'and queued fairly between customers (503 when the queue is full)',
        querystring: statementQuery,
        response: { 200: statementReply, 401: errorReply, 422: errorReply, 429: errorReply, 503: errorReply },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const uid = userId(request);
      const statement = await buildStatement(request.db, uid, from, to);
      if (format === 'json') return { status: 'success' as const, data: statementJson(statement) };
      const file = `statement-${from}-${to}.${format}`;
      // A file, not the JSON envelope: sent as bytes, past the reply schema's serializer.
      const raw = reply as FastifyReply;
      if (format === 'csv') {
        const brand = await storeBrand(app, app.storage, request.storefrontId);
        return raw
          .header('Cache-Control', 'no-store')
          .header('Content-Disposition', `attachment; filename="${file}"`)
          .type('text/csv; charset=utf-8')
          .send(Buffer.from(statementCsv(statement, brand.name), 'utf8'));
      }
      // A client that leaves while its print waits takes the print with it.
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      let pdf: Buffer;
      try {
        pdf = await app.statementPrints.submit(
          uid,
          async () =>
            statementHtml(
              statement,
              await storeBrand(app, app.storage, request.storefrontId),
              await findStatementHolder(request.db, uid),
            ),
          left.signal,
        );
      } catch (err) {
        if (err instanceof PrintRefused) raw.header('retry-after', String(err.retryAfterSeconds));
        // Nobody is there to read a reply.
        if (err instanceof PrintCancelled) return raw.hijack();
        throw err;
      }
      return raw
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', `attachment; filename="${file}"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
};
