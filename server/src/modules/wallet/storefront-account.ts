import { MAX_MONEY } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { now } from '../../kernel/time';
import { isPostgres } from '../../db/engine';
import {
  addToAccount,
  ensureAccount,
  findDebitLine,
  insertAccountLine,
  insertDebitLine,
  insertPendingDebit,
  noteRefusal,
} from './storefront-account-repository';
import { storefrontAccountMsg } from './storefront-account-words';

export { storefrontAccountMsg } from './storefront-account-words';

/** A purchase the storefront's account could not cover; checkout counts it for the staff after the rollback. */
export class StorefrontAccountShort extends AppError {
  constructor(
    readonly storefrontId: number,
    readonly price: number,
  ) {
    super('product_unavailable', storefrontAccountMsg.cannotCover);
  }
}

/** What a purchase on a storefront other than 1 costs that storefront: the provider's price. */
export type ProviderCharge = { storefrontId: number; price: number };

/**
 * The second debit of a purchase on another storefront than 1, in the purchase's transaction:
 * the provider's price from the storefront's account, only while balance + credit limit cover
 * it; otherwise the whole purchase is refused and rolls back. SQLite (one writer) takes it here,
 * with one conditional UPDATE. PostgreSQL takes it at COMMIT (migration
 * 2026-11-26-29-storefront-debit-at-commit): the line written here has no balance yet, and a
 * commit the account cannot cover fails with RS001 (`asStorefrontShort`), so the account's row is
 * locked for the commit alone and a storefront's orders do not queue behind each other's.
 */
export async function debitStorefront(
  trx: DB,
  charge: ProviderCharge,
  ref: { type: 'order' | 'number'; id: number | null },
): Promise<void> {
  if (charge.storefrontId === PROVIDER_STOREFRONT || charge.price <= 0) return;
  if (!Number.isSafeInteger(charge.price)) throw new Error('storefront debit: bad price');
  const t = now();
  const id = ref.id ?? 0;
  const line = {
    storefront_id: charge.storefrontId,
    credit: 0,
    debit: charge.price,
    reason: ref.type === 'order' ? storefrontAccountMsg.orderInfo(id) : storefrontAccountMsg.numberInfo(id),
    ref_type: ref.type,
    ref_id: ref.id,
    created_at: t,
  };
  if (isPostgres(trx)) return insertPendingDebit(trx, line);
  try {
    await insertDebitLine(trx, line);
  } catch (err) {
    throw isAccountShort(err) ? new StorefrontAccountShort(charge.storefrontId, charge.price) : err;
  }
}

/**
 * Whether the database refused a storefront's debit its account could not cover: PostgreSQL's
 * commit (RS001), SQLite's line (the trigger's RAISE).
 */
export function isAccountShort(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === 'RS001' || (e?.code === 'SQLITE_CONSTRAINT_TRIGGER' && e.message === 'storefront_account_short');
}

/** The database's refusal of a storefront's debit (`isAccountShort`) as the purchase's refusal. */
export function asStorefrontShort(err: unknown, charge: ProviderCharge | undefined): unknown {
  return isAccountShort(err) && charge ? new StorefrontAccountShort(charge.storefrontId, charge.price) : err;
}

/** After the refused purchase rolled back, so the count survives it; never fails the reply. */
export async function countRefusal(db: DB, err: unknown): Promise<void> {
  if (!(err instanceof StorefrontAccountShort)) return;
  const t = now();
  try {
    await ensureAccount(db, err.storefrontId, t);
    await noteRefusal(db, err.storefrontId, err.price, t);
  } catch {
    // The customer's refusal is the answer; a lost count only hides one refusal from the staff.
  }
}

/**
 * Gives the storefront's account back exactly what a purchase debited, in the transaction of the
 * customer's refund: callers run it only after the conditional status change that makes their
 * refund happen once, and the unique (ref_type, ref_id) index refuses a second reversal anyway.
 * A purchase on storefront 1, or placed before the accounts existed, debited nothing: no reversal.
 */
export async function reverseStorefrontDebit(
  trx: DB,
  storefrontId: number,
  ref: { type: 'order' | 'number'; id: number },
): Promise<void> {
  if (storefrontId === PROVIDER_STOREFRONT) return;
  const debited = await findDebitLine(trx, ref.type, ref.id);
  if (!debited) return;
  const t = now();
  const row = await addToAccount(trx, storefrontId, debited.debit, MAX_MONEY, t);
  if (!row) throw new Error(`storefront ${storefrontId}: the reversal of ${ref.type} ${ref.id} passes the maximum`);
  const order = ref.type === 'order';
  await insertAccountLine(trx, {
    storefront_id: storefrontId,
    credit: debited.debit,
    debit: 0,
    balance_after: row.balance,
    reason: order ? storefrontAccountMsg.orderRefundInfo(ref.id) : storefrontAccountMsg.numberRefundInfo(ref.id),
    ref_type: order ? 'order_refund' : 'number_refund',
    ref_id: ref.id,
    actor_id: null,
    created_at: t,
  });
}
