import { z } from 'zod';
import { errorCode } from './error-codes';
import { rowId } from './fields';

const fieldErrors = z.record(z.string(), z.array(z.string()));

/**
 * Every reply is `{ status, msg?, data }`. Errors are `{ status: "error", code, msg, errors? }`:
 * `code` is stable (error-codes.ts), `msg` is Arabic for people, and `errors` maps a field name
 * to its Arabic messages (422 validation failures). The server always sends `code`.
 */
export const errorReply = z
  .object({
    status: z.literal('error'),
    code: errorCode,
    msg: z.string(),
    errors: fieldErrors.optional(),
  })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReply>;

/**
 * An error reply as a client reads it: `code` may be missing (a proxy's page, an older server)
 * or one this client does not know yet (codes are added over time), and neither hides `msg`.
 */
export const receivedErrorReply = z.object({
  status: z.literal('error'),
  code: z.string().optional(),
  msg: z.string(),
  errors: fieldErrors.optional(),
});
export type ReceivedErrorReply = z.infer<typeof receivedErrorReply>;

export function successReply<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    msg: z.string().optional(),
    data,
  });
}

/** A reply with no payload beyond the status (e.g. POST /banks, POST /logout). */
export const emptyReply = z.object({ status: z.literal('success'), msg: z.string().optional() });

/** Decimal money on the wire: "9.50", "0.0125". Integer micros inside (see money.ts). */
export const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'decimal amount', example: '9.50' });

export const isoDate = z.string().meta({ description: 'ISO-8601 timestamp' });

export const idParam = z.object({ id: rowId });

/** Paging as the spec has it: page numbers, null when there is no such page. */
export const paginate = z.object({
  nextPage: z.number().int().nullable(),
  backPage: z.number().int().nullable(),
});
export type Paginate = z.infer<typeof paginate>;
