import { type Insertable, sql } from 'kysely';
import type { DB } from '../../db/database';
import type { StorefrontLedgerRef, StorefrontLedgerTable } from './storefront-account-tables';

/**
 * Takes `amount` only while the balance stays at or above `-credit_limit` (one conditional UPDATE,
 * so concurrent orders never overdraw together); the balance after, or undefined (no account row
 * is an account at 0 without credit: it covers nothing).
 */
export function takeFromAccount(trx: DB, storefrontId: number, amount: number, t: string) {
  return trx
    .updateTable('storefront_accounts')
    .set({ balance: sql`balance - ${amount}`, updated_at: t })
    .where('storefront_id', '=', storefrontId)
    .where(sql<boolean>`balance - ${amount} >= -credit_limit`)
    .returning('balance')
    .executeTakeFirst();
}

/** Adds `amount` only while the balance stays at or under `max`; the balance after, or undefined. */
export function addToAccount(trx: DB, storefrontId: number, amount: number, max: number, t: string) {
  return trx
    .updateTable('storefront_accounts')
    .set({ balance: sql`balance + ${amount}`, updated_at: t })
    .where('storefront_id', '=', storefrontId)
    .where('balance', '<=', max - amount)
    .returning('balance')
    .executeTakeFirst();
}

/** Storefronts added after the accounts existed get their row on the first change. */
export async function ensureAccount(trx: DB, storefrontId: number, t: string): Promise<void> {
  await trx
    .insertInto('storefront_accounts')
    .values({ storefront_id: storefrontId, updated_at: t })
    .onConflict((oc) => oc.column('storefront_id').doNothing())
    .execute();
}

export function setCreditLimit(trx: DB, storefrontId: number, limit: number, t: string) {
  return trx
    .updateTable('storefront_accounts')
    .set({ credit_limit: limit, updated_at: t })
    .where('storefront_id', '=', storefrontId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findAccount(db: DB, storefrontId: number) {
  return db.selectFrom('storefront_accounts').selectAll().where('storefront_id', '=', storefrontId).executeTakeFirst();
}

export async function insertAccountLine(trx: DB, line: Insertable<StorefrontLedgerTable>): Promise<void> {
  await trx.insertInto('storefront_ledger').values(line).execute();
}

/** The debit a purchase made, to reverse exactly that (none: placed before the accounts, or on storefront 1). */
export function findDebitLine(trx: DB, refType: StorefrontLedgerRef, refId: number) {
  return trx
    .selectFrom('storefront_ledger')
    .select(['storefront_id', 'debit'])
    .where('ref_type', '=', refType)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
}

/** A page of the account's ledger, newest first, keyset-paged by id. */
export function accountLines(db: DB, storefrontId: number, before: number | undefined, limit: number) {
  let q = db
    .selectFrom('storefront_ledger')
    .select(['id', 'credit', 'debit', 'balance_after', 'reason', 'ref_type', 'ref_id', 'actor_id', 'created_at'])
    .where('storefront_id', '=', storefrontId);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** What the account paid the provider for purchases since `since`, net of reversals. */
export async function spendSince(db: DB, storefrontId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('storefront_ledger')
    .select([
      sql<string>`coalesce(sum(case when ref_type in ('order', 'number') then debit else 0 end), 0)`.as('spent'),
      sql<string>`coalesce(sum(case when ref_type in ('order_refund', 'number_refund') then credit else 0 end), 0)`.as(
        'back',
      ),
    ])
    .where('storefront_id', '=', storefrontId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.spent) - Number(row.back);
}

/** Outside the refused purchase's transaction, which rolled back: the staff see that it happened. */
export async function noteRefusal(db: DB, storefrontId: number, price: number, t: string): Promise<void> {
  await db
    .updateTable('storefront_accounts')
    .set({ refused_count: sql`refused_count + 1`, last_refused_at: t, last_refused_price: price })
    .where('storefront_id', '=', storefrontId)
    .execute();
}
