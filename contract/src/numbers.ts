import { z } from 'zod';
import { user } from './auth';
import { isoDate, money, paginate, successReply } from './envelope';
import { formBool, formId, formInt, formMoney, formText, formApiBase, patchOf } from './operator-forms';
import { storefrontFilter } from './storefronts';

/**
 * Number purchases (/invoices): a temporary phone number for one app and country, bought from
 * the balance, that receives the app's SMS activation code on the site. Only a number that
 * received a code is paid for: cancelled before a code, or no code within the window, the
 * price comes back once.
 */

export const numberStatus = z.enum(['waiting', 'received', 'cancelled', 'refunded']);
export type NumberStatus = z.infer<typeof numberStatus>;

export const numberMessages = {
  offline: 'خدمة شراء الأرقام غير متاحة حالياً',
  serviceUnavailable: 'هذه الخدمة غير متاحة حالياً',
  soldOut: 'نفدت أرقام هذه الخدمة حالياً، جرّب لاحقاً',
  notFound: 'عملية الشراء غير موجودة',
  keyNotFound: 'لا توجد عملية شراء بمفتاح الطلب هذا (Idempotency-Key)',
  cannotCancel: 'لا يمكن إلغاء الرقم بعد وصول الكود',
  notWaiting: 'هذه العملية منتهية',
  noNumberYet: 'لم يصل الرقم بعد، يرجى الانتظار',
  noCodeYet: 'لم يصل أي كود بعد',
  alreadyRefunded: 'تم استرداد هذه العملية مسبقاً',
} as const;

export const numberService = z
  .object({
    id: z.number().int(),
    name: z.string(),
    country_name: z.string(),
    price: money,
    price_syr: money,
    price_tr: money,
    /** How many numbers the provider had at the last price-list sync. */
    available: z.number().int(),
  })
  .meta({ id: 'NumberService' });
export type NumberService = z.infer<typeof numberService>;
export const numberServicesReply = successReply(z.object({ services: z.array(numberService) }));
export type NumberServicesReply = z.infer<typeof numberServicesReply>;

export const numberPurchase = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: money,
    status: numberStatus,
    /** null until the provider gave the number. */
    phone: z.string().nullable(),
    /** Codes received, oldest first; the last one is the one to type. */
    codes: z.array(z.string()),
    /** When the number stops waiting for its first code (refunded if none came). */
    expires_at: isoDate.nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'NumberPurchase' });
export type NumberPurchase = z.infer<typeof numberPurchase>;

export const numberPurchasesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: numberStatus.or(z.enum(['all', ''])).optional(),
});
export const numberPurchasesReply = successReply(z.object({ purchases: z.array(numberPurchase), paginate }));
export type NumberPurchasesReply = z.infer<typeof numberPurchasesReply>;
/** `user` is the buyer after the debit or refund, so the top bar shows it at once. */
export const numberPurchaseReply = successReply(z.object({ purchase: numberPurchase, user: user.optional() }));
export type NumberPurchaseReply = z.infer<typeof numberPurchaseReply>;
export const numberBuyInput = z.object({ service_id: formId });

// ---- operator side ----

export const adminNumberProvider = z
  .object({
    id: z.number().int(),
    name: z.string(),
    base_url: z.string(),
    /** Whether an API key is stored; the key itself is never returned. */
    has_api_key: z.boolean(),
    window_minutes: z.number().int(),
    synced_at: isoDate.nullable(),
  })
  .meta({ id: 'AdminNumberProvider' });
export type AdminNumberProvider = z.infer<typeof adminNumberProvider>;
/** One provider per store; saving replaces its fields, a blank key keeps the stored one. */
export const numberProviderInput = z.object({
  name: formText(120),
  base_url: formApiBase,
  api_key: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(300).optional(),
  ),
  window_minutes: formInt(1, 24 * 60).default(20),
});
/** Only the fields named change; the first save must name the name, the address and the key. */
export const numberProviderPatch = patchOf(numberProviderInput);
export const numberProviderReply = successReply(z.object({ provider: adminNumberProvider.nullable() }));
export type NumberProviderReply = z.infer<typeof numberProviderReply>;

export const adminNumberService = numberService
  .extend({ service: z.string(), country: z.string(), cost: money.nullable(), active: z.boolean() })
  .meta({ id: 'AdminNumberService' });
export type AdminNumberService = z.infer<typeof adminNumberService>;
export const numberServiceInput = z.object({
  service: z
    .string()
    .trim()
    .min(1, 'هذا الحقل مطلوب')
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'رمز الخدمة: حروف إنجليزية وأرقام فقط'),
  country: z
    .string()
    .trim()
    .min(1, 'هذا الحقل مطلوب')
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/, 'رمز الدولة: حروف إنجليزية وأرقام فقط'),
  name: formText(120),
  country_name: formText(120),
  price: formMoney,
  price_syr: formMoney.default(0),
  price_tr: formMoney.default(0),
  active: formBool.default(true),
});
export type NumberServiceInput = z.input<typeof numberServiceInput>;
export const numberServicePatch = patchOf(numberServiceInput);
export const adminNumberServicesReply = successReply(z.object({ services: z.array(adminNumberService) }));
export const adminNumberServiceReply = successReply(z.object({ service: adminNumberService }));
export const numberSyncReply = successReply(
  z.object({ updated: z.number().int(), services: z.array(adminNumberService) }),
);
/** `balance` null: no provider is set up yet. */
export const numberProviderBalanceReply = successReply(z.object({ balance: money.nullable() }));

export const adminNumberPurchase = numberPurchase
  .extend({
    customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    /** What the worker still owes the provider: get a number, poll, resend, cancel, finish, done. */
    step: z.enum(['get', 'poll', 'resend', 'cancel', 'finish', 'done']),
    upstream_id: z.string().nullable(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    refunded_at: isoDate.nullable(),
    /** The storefront it was bought on (1: the provider's own); `price` is what that storefront charged. */
    storefront_id: z.number().int(),
    /** The service's provider price at that moment; the storefront's margin is `price` minus this. */
    provider_price: money,
  })
  .meta({ id: 'AdminNumberPurchase' });
export type AdminNumberPurchase = z.infer<typeof adminNumberPurchase>;
export const adminNumberPurchasesQuery = numberPurchasesQuery.extend({ storefront: storefrontFilter });
export const adminNumberPurchasesReply = successReply(z.object({ purchases: z.array(adminNumberPurchase), paginate }));
export type AdminNumberPurchasesReply = z.infer<typeof adminNumberPurchasesReply>;
export const adminNumberPurchaseReply = successReply(z.object({ purchase: adminNumberPurchase }));
