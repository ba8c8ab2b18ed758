import { z } from 'zod';
import { user } from './auth';
import { latinDigits } from './digits';
import { rowId } from './fields';
import { successReply } from './envelope';
import { order } from './orders';

/**
 * The three order forms with the spec's exact field names (section 7). They arrive as form data
 * (urlencoded or multipart) or JSON, so numbers may come as strings and ids as numbers. None of
 * them carries a price: the server computes what to charge from the product.
 */
export const orderMessages = {
  playerRequired: 'يرجى إدخال رقم اللاعب',
  qtyRange: (min: number, max: number) => `يرجى اختيار الكمية بين ${min} و ${max}`,
  qtyDigits: 'يرجى إدخال الكمية بالأرقام فقط',
} as const;

/** Column sizes of orders.data / data2 / note, and the longest quantity typed. */
export const orderLimits = { field: 300, note: 1000, qtyDigits: 9 } as const;
const FIELD_MAX = orderLimits.field;
const NOTE_MAX = orderLimits.note;

/**
 * The order form's fields as the customer types them (text), shared by the server's request
 * schemas below and the web's order forms, so both check the same rules with the same words.
 */
export const orderFormFields = {
  playerId: z
    .string({ error: orderMessages.playerRequired })
    .trim()
    .min(1, orderMessages.playerRequired)
    .max(FIELD_MAX),
  playerName: z.string().max(FIELD_MAX),
  note: z.string().max(NOTE_MAX),
  qty: (min: number, max: number) =>
    z
      .string()
      .regex(new RegExp(`^\\d{1,${orderLimits.qtyDigits}}$`), orderMessages.qtyRange(min, max))
      .refine((q) => Number(q) >= min && Number(q) <= max, orderMessages.qtyRange(min, max)),
};

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
/** Player ids and quantities also get Latin digits: "١٠٠٠" typed on an Arabic phone is 1000. */
const asNumberText = (v: unknown) => (typeof v === 'string' ? latinDigits(v) : asText(v));

const requiredPlayer = z.preprocess(asNumberText, orderFormFields.playerId);

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

const productId = rowId;

export const priceChangedMessages = {
  invalid: 'السعر المرسل غير صالح',
  changed: (price: string) => `تغيّر سعر المنتج إلى ${price}، يرجى تأكيد الطلب بالسعر الجديد`,
} as const;

/**
 * The total the customer saw (balance currency, e.g. "9.50"). Optional for spec clients; when
 * sent and the product now costs something else, the order is refused with 409 and the new
 * price instead of charging it silently. Our web app always sends it.
 */
const expectedPrice = z
  .preprocess(
    (v) =>
      v === null || v === ''
        ? undefined
        : typeof v === 'number'
          ? String(v)
          : typeof v === 'string'
            ? latinDigits(v)
            : v,
    z
      .string({ error: priceChangedMessages.invalid })
      .trim()
      .regex(/^\d{1,10}(?:[.,]\d{1,6})?$/, priceChangedMessages.invalid)
      .optional(),
  )
  .meta({ description: 'the total price the customer was shown; a different current price is a 409 with data.price' });

export const fixedOrderRequest = z.object({
  playerId: requiredPlayer,
  playerName: optionalText(FIELD_MAX),
  productId,
  info: optionalText(NOTE_MAX),
  expected_price: expectedPrice,
});
export type FixedOrderRequest = z.input<typeof fixedOrderRequest>;

export const freeOrderRequest = z.object({
  player_id: requiredPlayer,
  player_name: optionalText(FIELD_MAX),
  product_id: productId,
  qty: z.preprocess(
    asNumberText,
    z
      .string({ error: orderMessages.qtyDigits })
      .trim()
      .regex(new RegExp(`^\\d{1,${orderLimits.qtyDigits}}$`), orderMessages.qtyDigits)
      .transform(Number),
  ),
  note: optionalText(NOTE_MAX),
  expected_price: expectedPrice,
});
export type FreeOrderRequest = z.input<typeof freeOrderRequest>;

/** `qty` is accepted for compatibility and ignored: a code order is always one code. */
export const codeOrderRequest = z.object({
  product_id: productId,
  qty: z.union([z.string().max(20), z.number()]).optional(),
  expected_price: expectedPrice,
});
export type CodeOrderRequest = z.input<typeof codeOrderRequest>;

/**
 * A client sends a fresh key per purchase attempt; a repeat with the same key (a double click,
 * a retried request) returns the first order instead of buying twice. Loose so the other
 * headers pass through untouched.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const idempotencyKey = z.string().trim().min(1).max(100);
export const orderCreateHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: idempotencyKey.optional(),
});

/**
 * GET /orders/by-key/{key} and /numbers/by-key/{key}: the caller's purchase placed with that
 * Idempotency-Key, so a caller whose connection dropped can ask what became of it instead of
 * buying again.
 */
export const idempotencyKeyParam = z.object({ key: idempotencyKey });

export const orderCreatedReply = successReply(z.object({ order, user }));

/** 409: the price changed since the page was shown; `data.price` is what it costs now. */
export const priceChangedReply = z
  .object({
    status: z.literal('error'),
    code: z.literal('price_changed'),
    msg: z.string(),
    data: z.object({ price: z.string() }),
  })
  .meta({ id: 'PriceChangedReply' });
export type PriceChangedReply = z.infer<typeof priceChangedReply>;

/** 422: an Idempotency-Key already used for a different order (another product, quantity or fields). */
export const idempotencyMismatchMsg = 'مفتاح الطلب هذا استُخدم لطلب مختلف، يرجى إعادة المحاولة';
export type OrderCreatedReply = z.infer<typeof orderCreatedReply>;
