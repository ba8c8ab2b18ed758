import type { Sealer } from '../../kernel/sealing';
import type { AdminCharge, AdminOrder, ChargeFlag } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import { maskCode } from '../orders';
import { toOrderDto } from '../orders';
import { receiptLink } from '../topups';
import type { AdminChargeRow, AdminOrderRow } from './repository';

/** Rows of the operator's queues as the operator API shows them. */
export function toAdminCharge(r: AdminChargeRow, sealer: Sealer, flags: ChargeFlag[]): AdminCharge {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.user_name, email: r.user_email, phone: r.user_phone },
    storefront_id: Number(r.user_storefront_id ?? 1),
    bank: { id: r.bank_id, name: r.bank_name ?? '' },
    amount: moneyToString(r.amount),
    img: receiptLink(sealer, r.img_key),
    status: r.status,
    reason: r.reason,
    created_at: r.created_at,
    decided_at: r.decided_at,
    decided_by: r.decider_id !== null && r.decider_name !== null ? { id: r.decider_id, name: r.decider_name } : null,
    transfer_ref: r.transfer_ref,
    duplicate_of: r.duplicate_of,
    flags,
    currency: r.currency,
    rate: moneyToString(r.rate),
    amount_local: moneyToString(r.amount_local ?? r.amount),
  };
}

export function toAdminOrder(r: AdminOrderRow, sealer: Sealer): AdminOrder {
  const base = toOrderDto(r, sealer);
  const codes = base.codes.map(maskCode);
  return {
    ...base,
    // Operators see codes masked, and so `message` without them (it repeats them for spec clients).
    codes,
    message: r.message,
    product: { ...base.product, type: r.product_type ?? null },
    user: { id: r.user_id, name: r.user_name, email: r.user_email, phone: r.user_phone },
    data2: r.data2,
    note: r.note,
    account_password: sealer.openOrNull(r.secret),
    price_syr: moneyToString(r.price_syr),
    price_tr: moneyToString(r.price_tr),
    storefront_id: Number(r.storefront_id),
    // Orders placed before storefront prices were charged the provider's price itself.
    provider_price: moneyToString(r.provider_price ?? r.price),
    fulfilment: {
      delivery: r.delivery,
      supplier:
        r.supplier_id !== null && r.supplier_name !== null ? { id: r.supplier_id, name: r.supplier_name } : null,
      upstream_order_id: r.upstream_order_id,
      state: r.forward_state,
      attempts: r.forward_attempts ?? 0,
      last_error: r.forward_error,
      next_attempt_at: r.forward_state === 'send' || r.forward_state === 'follow' ? r.forward_next_at : null,
    },
  };
}
