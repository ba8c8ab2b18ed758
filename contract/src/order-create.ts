import { z } from 'zod';
import { user } from './auth';
import { latinDigits } from './digits';
import { successReply } from './envelope';
import { order } from './orders';

/**
 * The three order forms with the spec's exact field names (section 7). They arrive as form data
 * (urlencoded or multipart) or JSON, so numbers may come as strings and ids as numbers. None of
 * them carries a price: the server computes what to charge from the product.
 */
export const orderMessages = {
  playerRequired: 'يرجى إدخال رقم اللاعب',
  qtyRange: (min: number, max: number) => `يرجى اختيار الكمية بين ${min} -> ${max}`,
  qtyDigits: 'يرجى إدخال الكمية بالأرقام فقط',
} as const;

/** Column sizes of orders.data / data2 / note. */
const FIELD_MAX = 300;
const NOTE_MAX = 1000;

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
/** Player ids and quantities also get Latin digits: "١٠٠٠" typed on an Arabic phone is 1000. */
const asNumberText = (v: unknown) => (typeof v === 'string' ? latinDigits(v) : asText(v));

const requiredPlayer = z.preprocess(
  asNumberText,
  z.string({ error: orderMessages.playerRequired }).trim().min(1, orderMessages.playerRequired).max(FIELD_MAX),
);

/** An optional text field: absent, null and blank all mean "not given". */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : asText(v)),
    z
      .string()
      .trim()
      .max(max)
      .optional()
      .transform((s) => (s ? s : null)),
  );

const productId = z.coerce.number().int().positive().max(2_147_483_647);

export const fixedOrderRequest = z.object({
  playerId: requiredPlayer,
  playerName: optionalText(FIELD_MAX),
  productId,
  info: optionalText(NOTE_MAX),
});
export type FixedOrderRequest = z.input<typeof fixedOrderRequest>;

export const freeOrderRequest = z.object({
  player_id: requiredPlayer,
  player_name: optionalText(FIELD_MAX),
  product_id: productId,
  qty: z.preprocess(asNumberText, z.string({ error: orderMessages.qtyDigits }).trim().regex(/^\d{1,9}$/, orderMessages.qtyDigits).transform(Number)),
  note: optionalText(NOTE_MAX),
});
export type FreeOrderRequest = z.input<typeof freeOrderRequest>;

/** `qty` is accepted for compatibility and ignored: a code order is always one code. */
export const codeOrderRequest = z.object({
  product_id: productId,
  qty: z.union([z.string().max(20), z.number()]).optional(),
});
export type CodeOrderRequest = z.input<typeof codeOrderRequest>;

/**
 * A client sends a fresh key per purchase attempt; a repeat with the same key (a double click,
 * a retried request) returns the first order instead of buying twice. Loose so the other
 * headers pass through untouched.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const orderCreateHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().trim().min(1).max(100).optional(),
});

export const orderCreatedReply = successReply(z.object({ order, user }));
export type OrderCreatedReply = z.infer<typeof orderCreatedReply>;
