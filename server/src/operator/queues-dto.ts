import type { AdminCharge, AdminOrder, ChargeFlag } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import { decrypt } from '../lib/crypto';
import { toOrderDto } from '../orders/order-dto';
import { receiptLink } from '../topup/signed-link';
import type { AdminChargeRow, AdminOrderRow } from './queues-repository';

/** Rows of the operator's queues as the operator API shows them. */
export function toAdminCharge(r: AdminChargeRow, appKey: Buffer, flags: ChargeFlag[]): AdminCharge {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.user_name, email: r.user_email, phone: r.user_phone },
    bank: { id: r.bank_id, name: r.bank_name ?? '' },
    amount: moneyToString(r.amount),
    img: receiptLink(appKey, r.img_key),
    status: r.status,
    reason: r.reason,
    created_at: r.created_at,
    decided_at: r.decided_at,
    decided_by: r.decider_id !== null && r.decider_name !== null ? { id: r.decider_id, name: r.decider_name } : null,
    transfer_ref: r.transfer_ref,
    duplicate_of: r.duplicate_of,
    flags,
  };
}

/** An unreadable secret (app key changed) shows as missing rather than failing the whole queue. */
function readSecret(appKey: Buffer, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return decrypt(appKey, sealed);
  } catch {
    return null;
  }
}

export function toAdminOrder(r: AdminOrderRow, appKey: Buffer): AdminOrder {
  const base = toOrderDto(r);
  return {
    ...base,
    product: { ...base.product, type: r.product_type ?? null },
    user: { id: r.user_id, name: r.user_name, email: r.user_email, phone: r.user_phone },
    data2: r.data2,
    note: r.note,
    account_password: readSecret(appKey, r.secret),
    price_syr: moneyToString(r.price_syr),
    price_tr: moneyToString(r.price_tr),
  };
}
