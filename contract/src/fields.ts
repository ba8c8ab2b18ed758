import { z } from 'zod';

/**
 * Field readers every schema shares, declared once. A body may be JSON or a form (urlencoded or
 * multipart), where every value is text, so ids and booleans are read from both here.
 */

/** The largest row id: PostgreSQL's `integer`. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a path, query or body: a positive integer, also when it arrives as text. */
export const rowId = z.coerce.number().int().positive().max(MAX_ROW_ID);

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['0', 'false', 'off', 'no', '']);

/** A boolean from JSON (`true`) or a form (`"1"`, `"true"`, `"on"`, `"yes"`; `""`, `"0"`, `"off"`, `"no"`). */
export const formBool = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const s = v.trim().toLowerCase();
  return TRUE.has(s) ? true : FALSE.has(s) ? false : v;
}, z.boolean());
