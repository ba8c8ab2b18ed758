import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger } from 'fastify';

export type Column<T> = { header: string; value: (row: T) => string | number | null };

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab/CR before them) as a formula; text a
 * customer typed (player ids, names, reasons) is therefore prefixed with an apostrophe.
 */
export function safeText(text: string | null): string | null {
  return text !== null && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * CSV (UTF-8 with BOM so Excel reads the Arabic, CRLF lines) streamed from an async row source:
 * the stringifier pulls rows only as fast as the client reads, so memory holds one batch.
 */
export function csvStream<T>(rows: AsyncIterable<T>, columns: Column<T>[], log: FastifyBaseLogger): Readable {
  const out = stringify({
    bom: true,
    header: true,
    record_delimiter: 'windows',
    columns: columns.map((c) => c.header),
  });
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((c) => c.value(row) ?? '');
    })(),
  );
  pipeline(records, out).catch((error: unknown) => {
    // Headers are gone by now: the client sees a cut-off file, the log says why.
    log.error({ err: error }, 'CSV export failed mid-stream');
  });
  return out;
}
