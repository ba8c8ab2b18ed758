import { z } from 'zod';
import { rowId } from './fields';

/**
 * Every reply is `{ status, msg?, data }`. Errors are `{ status: "error", msg, errors? }` where
 * `errors` maps a field name to its Arabic messages (422 validation failures).
 */
export const errorReply = z
  .object({
    status: z.literal('error'),
    msg: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorReply' });
export type ErrorReply = z.infer<typeof errorReply>;

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
