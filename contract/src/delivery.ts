import { z } from 'zod';
import { isoDate, money, paginate, successReply } from './envelope';
import { formApiBase, formId, formInt, formOptionalText, formText } from './operator-forms';

/**
 * Instant delivery, operator side (/admin/api/v1): the code stock of a product, the upstream
 * suppliers orders are forwarded to, and the state of each forwarded order.
 */

export const deliveryMode = z.enum(['manual', 'stock', 'supplier']);
export type DeliveryMode = z.infer<typeof deliveryMode>;

export const deliveryMessages = {
  outOfStock: 'نفدت الكمية',
  lineTooLong: (line: number) => `السطر ${line}: الكود أطول من 500 حرف`,
  lineControl: (line: number) => `السطر ${line}: الكود يحتوي على رموز غير مسموحة`,
  lineDate: (line: number) => `السطر ${line}: تاريخ انتهاء غير صالح`,
  noCodes: 'يرجى إدخال كود واحد على الأقل',
  tooManyCodes: (max: number) => `يمكن إضافة ${max} كود في المرة الواحدة كحد أقصى`,
} as const;

/** The most codes one upload may add; a bigger batch is split by the operator. */
export const MAX_CODES_PER_UPLOAD = 10_000;
/** The longest code (or serial) accepted, in characters. */
export const MAX_CODE_LENGTH = 500;

export const stockCounts = z
  .object({ available: z.number().int(), sold: z.number().int() })
  .meta({ id: 'StockCounts' });
export type StockCounts = z.infer<typeof stockCounts>;

/** JSON `{ codes: [...] }`; a multipart `file` (text or CSV) is read on the server into the same lines. */
export const codesUploadInput = z.object({
  codes: z.array(z.string().max(2000)).max(MAX_CODES_PER_UPLOAD).optional(),
  file: z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, 'يرجى اختيار ملف نصي أو CSV')
    .optional()
    .meta({ type: 'string', format: 'binary' }),
});
export const codesUploadReply = successReply(
  z.object({ added: z.number().int(), duplicates: z.number().int(), stock: stockCounts }),
);
export type CodesUploadReply = z.infer<typeof codesUploadReply>;

export const stockCode = z
  .object({
    id: z.number().int(),
    /** Masked: only the last 4 characters are shown to operators. */
    code: z.string(),
    serial: z.string().nullable(),
    status: z.enum(['available', 'sold']),
    expires_at: isoDate.nullable(),
    order_id: z.number().int().nullable(),
    sold_at: isoDate.nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'StockCode' });
export type StockCode = z.infer<typeof stockCode>;

export const codesListQuery = z.object({
  status: z.enum(['available', 'sold', 'all']).default('available'),
  /**
   * A whole code as typed (codes are stored encrypted, so it is matched exactly, through its
   * keyed hash), or the number of the order that took it (`#123` or `123`).
   */
  search: z.string().trim().max(MAX_CODE_LENGTH).optional(),
  page: formInt(1, 100_000).default(1),
});
export const codesListReply = successReply(z.object({ codes: z.array(stockCode), stock: stockCounts, paginate }));
export type CodesListReply = z.infer<typeof codesListReply>;
export const codeParams = z.object({ id: formId, codeId: formId });

/** The most codes one bulk delete names: a few pages of the stock editor. */
export const MAX_CODES_PER_DELETE = 500;
/** Unsold codes to take out of stock at once; sold ones among them stay (they are orders' records). */
export const codesDeleteInput = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1, 'يرجى اختيار كود واحد على الأقل')
    .max(MAX_CODES_PER_DELETE, `يمكن حذف ${MAX_CODES_PER_DELETE} كود في المرة الواحدة كحد أقصى`),
});
export const codesDeleteReply = successReply(
  z.object({
    /** Codes deleted. */
    removed: z.number().int(),
    /** Named codes left in place: sold, or not (or no longer) in this product's stock. */
    kept: z.number().int(),
    stock: stockCounts,
  }),
);

/**
 * A product delivered from stock whose sellable codes are at or under its threshold: what the
 * low-stock badge counts, by name. `category_id` is its own or its department's (the editor's address).
 */
export const lowStockProduct = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category_id: z.number().int().nullable(),
    available: z.number().int(),
    threshold: z.number().int(),
  })
  .meta({ id: 'LowStockProduct' });
export type LowStockProduct = z.infer<typeof lowStockProduct>;
export const lowStockReply = successReply(z.object({ products: z.array(lowStockProduct) }));

export const supplierKind = z.enum(['raseed']);
export type SupplierKind = z.infer<typeof supplierKind>;

export const adminSupplier = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: supplierKind,
    base_url: z.string(),
    email: z.string().nullable(),
    /** Whether a password / token is stored; the credentials themselves are never returned. */
    has_password: z.boolean(),
    has_token: z.boolean(),
    created_at: isoDate,
    updated_at: isoDate,
  })
  .meta({ id: 'AdminSupplier' });
export type AdminSupplier = z.infer<typeof adminSupplier>;

const supplierFields = {
  name: formText(120),
  kind: supplierKind.default('raseed'),
  base_url: formApiBase,
  email: formOptionalText(200).optional(),
  password: formOptionalText(200).optional(),
  token: formOptionalText(500).optional(),
};
export const supplierInput = z
  .object(supplierFields)
  .refine((s) => Boolean(s.password) || Boolean(s.token), {
    message: 'يرجى إدخال كلمة المرور أو رمز الدخول',
    path: ['password'],
  })
  .refine((s) => !s.password || Boolean(s.email), { message: 'يرجى إدخال البريد الإلكتروني', path: ['email'] });
/** Only what is named changes; a blank password or token keeps the stored one. */
export const supplierPatch = z.object({
  name: formText(120).optional(),
  base_url: formApiBase.optional(),
  email: formOptionalText(200).optional(),
  password: formOptionalText(200).optional(),
  token: formOptionalText(500).optional(),
});
export const adminSuppliersReply = successReply(z.object({ suppliers: z.array(adminSupplier) }));
/** What the supplier answered when the store tried the connection before saving: our balance there. */
export const supplierConnection = z.object({ balance: money }).meta({ id: 'SupplierConnection' });
export type SupplierConnection = z.infer<typeof supplierConnection>;
/**
 * A saved supplier, with the connection test it passed first; `connection` is null for an edit
 * that changed neither the address nor the account (a new name).
 */
export const supplierSavedReply = successReply(
  z.object({ supplier: adminSupplier, connection: supplierConnection.nullable() }),
);
export const supplierBalanceReply = successReply(z.object({ balance: money }));

/**
 * Where a forwarded order stands with its supplier: `send` (not yet accepted upstream),
 * `follow` (placed upstream, waiting for its outcome), `done`, or `attention` (the operator
 * must retry, fulfil by hand or refund).
 */
export const forwardState = z.enum(['send', 'follow', 'done', 'attention']);
export type ForwardState = z.infer<typeof forwardState>;

export const fulfilment = z
  .object({
    delivery: deliveryMode,
    supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    upstream_order_id: z.string().nullable(),
    state: forwardState.nullable(),
    attempts: z.number().int(),
    /** The last upstream trouble, in Arabic. */
    last_error: z.string().nullable(),
    next_attempt_at: isoDate.nullable(),
  })
  .meta({ id: 'Fulfilment' });
export type Fulfilment = z.infer<typeof fulfilment>;
