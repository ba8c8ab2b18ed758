import { z } from 'zod';
import { productType } from './catalog';
import { isoDate, money, paginate, successReply } from './envelope';
import { notification } from './notifications';
import { formBool, formId, formInt, formOptionalText, formSignedMoney, formText, formMoney } from './operator-forms';
import { adminProduct } from './operator-catalog';
import { adminUser } from './operator-users';
import { order, orderStatus } from './orders';
import { storefrontFilter } from './storefronts';
import { fulfilment } from './delivery';
import { bankCurrency, chargeStatus } from './topup';

export * from './operator-catalog';
export * from './operator-forms';
export * from './operator-users';
export * from './operator-credit';
export * from './operator-dashboard';
export * from './operator-exports';

/** The operator API (/admin/api/v1): queues, users, notices and the audit log. */

const page = formInt(1, 100_000).default(1);

export const chargeFlagCode = z.enum([
  'same_receipt',
  'similar_receipt',
  'amount_unusual',
  'burst',
  'rejected_before',
  'reference_reused',
]);
export type ChargeFlagCode = z.infer<typeof chargeFlagCode>;
/** One reason to look twice at a top-up, with its explanation in Arabic. */
export const chargeFlag = z.object({ code: chargeFlagCode, text: z.string() }).meta({ id: 'ChargeFlag' });
export type ChargeFlag = z.infer<typeof chargeFlag>;

export const customerRef = z
  .object({ id: z.number().int(), name: z.string(), email: z.string(), phone: z.string() })
  .meta({ id: 'CustomerRef' });
export type CustomerRef = z.infer<typeof customerRef>;

export const adminCharge = z
  .object({
    id: z.number().int(),
    user: customerRef,
    /** The customer's storefront (1: the provider's own), whose bank the transfer was sent to. */
    storefront_id: z.number().int(),
    bank: z.object({ id: z.number().int(), name: z.string() }),
    amount: money,
    /** A short-lived signed link to the receipt image (receipts are never public). */
    img: z.string(),
    status: chargeStatus,
    reason: z.string().nullable(),
    created_at: isoDate,
    decided_at: isoDate.nullable(),
    decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    /** The bank transfer number the customer typed (normalized), if any. */
    /** As the customer typed it (`TRX-4455`); requests are matched on a normalised copy. */
    transfer_ref: z.string().nullable(),
    /** The earlier request whose receipt this one repeats (identical or near-identical). */
    duplicate_of: z.number().int().nullable(),
    /** Why this request deserves a second look; never a block, the operator decides. */
    flags: z.array(chargeFlag),
    /** The bank's currency and rate at the time of the request, and what the customer transferred in it. */
    currency: bankCurrency,
    rate: money,
    amount_local: money,
  })
  .meta({ id: 'AdminCharge' });
export type AdminCharge = z.infer<typeof adminCharge>;

export const chargeListQuery = z.object({
  status: z.enum([...chargeStatus.options, 'all']).default('pending'),
  storefront: storefrontFilter,
  page,
});
export const chargeApproveInput = z.object({
  /** The amount actually received, when it differs from what the customer typed. */
  amount: formMoney.refine((m) => m > 0, 'يرجى إدخال مبلغ أكبر من صفر').optional(),
  /** Why the amount was corrected; required with a corrected amount, shown to the customer. */
  reason: formOptionalText(500).optional(),
});
export const chargeRejectInput = z.object({ reason: formText(500) });
export const adminChargesReply = successReply(z.object({ charges: z.array(adminCharge), paginate }));
export const adminChargeReply = successReply(z.object({ charge: adminCharge }));

export const adminOrder = order
  .extend({
    user: customerRef,
    product: z.object({ id: z.number().int(), name: z.string(), type: productType.nullable() }),
    data2: z.string().nullable(),
    note: z.string().nullable(),
    /** The account password of an `account` order, readable only until the order is decided. */
    account_password: z.string().nullable(),
    price_syr: money,
    price_tr: money,
    /** The storefront the order was placed on (1: the provider's own); `price` is what it charged. */
    storefront_id: z.number().int(),
    /** The provider's price at that moment; the storefront's margin is `price` minus this. */
    provider_price: money,
    /** How the order is being fulfilled; codes in `codes` are masked for operators. */
    fulfilment,
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrder>;

export const orderListQuery = z.object({
  /** `attention`: forwarded orders a supplier could not fulfil, waiting for the operator. */
  status: z.enum([...orderStatus.options, 'all', 'open', 'attention']).default('open'),
  search: z.string().trim().max(100).optional(),
  storefront: storefrontFilter,
  page,
});
export const orderAcceptInput = z.object({ message: formOptionalText(2000).optional() });
export const orderRejectInput = z.object({ cancel_msg: formText(500) });
export const orderWaitInput = z.object({ message: formOptionalText(2000).optional() });
/** The answer to a customer's cancel request: approve cancels and refunds, deny keeps it open. */
export const cancelRequestInput = z.object({ approve: formBool, cancel_msg: formOptionalText(500).optional() });
export const adminOrdersReply = successReply(z.object({ orders: z.array(adminOrder), paginate }));
export const adminOrderReply = successReply(z.object({ order: adminOrder }));

export const userListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(['customer', 'operator', 'all']).default('all'),
  storefront: storefrontFilter,
  page,
});
export const adjustInput = z.object({ amount: formSignedMoney, reason: formText(300) });
export const adminUsersReply = successReply(z.object({ users: z.array(adminUser), paginate }));
export const adminUserReply = successReply(z.object({ user: adminUser }));

export const noticeInput = z.object({
  /** Absent or null: a store-wide notice for every customer. */
  user_id: formId.nullable().optional(),
  title: formText(200),
  msg: formText(2000),
});
/** `?storefront=`: a store-wide notice to that storefront's customers only (a staff account's: always theirs). */
export const noticeQuery = z.object({ storefront: storefrontFilter });
export const adminNotificationReply = successReply(
  z.object({ notification: notification.extend({ user_id: z.number().int().nullable() }) }),
);

export const auditEntry = z
  .object({
    id: z.number().int(),
    actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    action: z.string(),
    entity: z.string(),
    entity_id: z.number().int().nullable(),
    /** The storefront the entry is about (null: the provider's own: the catalog, suppliers, numbers). */
    storefront_id: z.number().int().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    created_at: isoDate,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditQuery = z.object({
  entity: z.string().trim().max(40).optional(),
  entity_id: formId.optional(),
  actor_id: formId.optional(),
  storefront: storefrontFilter,
  page,
});
export const auditReply = successReply(z.object({ entries: z.array(auditEntry), paginate }));

export const adminProductsReply = successReply(z.object({ products: z.array(adminProduct), paginate }));

/** Counts for the console's badges; the queues poll it. */
export const operatorStats = z
  .object({
    pending_charges: z.number().int(),
    open_orders: z.number().int(),
    cancel_requests: z.number().int(),
    attention_orders: z.number().int(),
    low_stock_products: z.number().int(),
  })
  .meta({ id: 'OperatorStats' });
export const operatorStatsReply = successReply(z.object({ stats: operatorStats }));
