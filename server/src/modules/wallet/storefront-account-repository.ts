import { type Insertable, sql } from 'kysely';
import type { DB } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { isPostgres } from '../../db/engine';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import type { StorefrontLedgerRef, StorefrontLedgerTable } from './storefront-account-tables';
import { ORDER_INFO } from './storefront-account-words';

/**
 * Takes `amount` only while the balance stays at or above `-credit_limit` (one conditional UPDATE,
 * so concurrent orders never overdraw together); the balance after, or undefined (no account row
 * is an account at 0 without credit: it covers nothing).
 */
export async function takeFromAccount(trx: DB, storefrontId: number, amount: number, t: string) {
  return (await takeStatement(trx, { storefrontId, amount, t })).rows[0];
}

// A statement of every order on another storefront: built once (db/query-template.ts).
const takeStatement = queryTemplate(['storefrontId', 'amount', 't'], (db, s: Record<string, unknown>) =>
  db
    .updateTable('storefront_accounts')
    .set({ balance: sql`balance - ${s.amount}`, updated_at: s.t as string })
    .where('storefront_id', '=', s.storefrontId as number)
    .where(sql<boolean>`balance - ${s.amount} >= -credit_limit`)
    .returning('balance'),
);

/** A purchase's debit line, without the operator and with or (PostgreSQL, pending) without its balance. */
export type DebitLine = Omit<Insertable<StorefrontLedgerTable>, 'actor_id' | 'balance_after' | 'id'>;
const DEBIT_KEYS = ['storefront_id', 'credit', 'debit', 'reason', 'ref_type', 'ref_id', 'created_at'] as const;

const debitLineStatement = queryTemplate(DEBIT_KEYS, (db, s: Record<string, unknown>) =>
  db.insertInto('storefront_ledger').values({
    ...(s as DebitLine),
    // One writer: the account as read here is the account the trigger takes the debit from.
    balance_after: db
      .selectFrom('storefront_accounts')
      .select(sql<number>`balance - ${s.debit}`.as('after'))
      .where('storefront_id', '=', s.storefront_id as number),
  }),
);
/**
 * SQLite: the line of a debit taken as it is written (the trigger of migration
 * 2026-11-26-30-storefront-debit-in-one-statement takes it from the account, or refuses the line
 * when balance + credit limit do not cover it), with the balance it leaves.
 */
export async function insertDebitLine(trx: DB, line: DebitLine): Promise<void> {
  await debitLineStatement(trx, line);
}

const pendingDebitStatement = queryTemplate(DEBIT_KEYS, (db, s: Record<string, unknown>) =>
  db.insertInto('storefront_ledger').values({ ...(s as DebitLine), balance_after: sql<number>`null` }),
);
/**
 * PostgreSQL: the line of a debit the account takes at COMMIT (the deferred trigger of migration
 * 2026-11-26-29-storefront-debit-at-commit), which fills in its balance or fails the commit.
 */
export async function insertPendingDebit(trx: DB, line: DebitLine): Promise<void> {
  await pendingDebitStatement(trx, line);
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

/** The account's balance: its row's share plus its slots' (PostgreSQL; SQLite has none). */
const totalOf = (sid: string) =>
  sql<number>`coalesce(a.balance, 0) + coalesce((select sum(x.balance) from storefront_account_slots x
    where x.storefront_id = ${sql.ref(sid)}), 0)`;

export function findAccount(db: DB, storefrontId: number) {
  return db
    .selectFrom('storefront_accounts as a')
    .select(['a.credit_limit', totalOf('a.storefront_id').as('balance')])
    .where('a.storefront_id', '=', storefrontId)
    .executeTakeFirst();
}

/**
 * Before an operator's change (PostgreSQL): locks the account's row, then moves every slot's
 * share back into it, so the row holds the whole balance while the change is made and the
 * balance it answers is the account's. The row first, then the slots: the order every path
 * that locks more than one slot takes (migration 2026-11-26-34-storefront-account-slots).
 */
export async function gatherAccount(trx: DB, storefrontId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select 1 from storefront_accounts where storefront_id = ${storefrontId} for update`.execute(trx);
  await sql`select storefront_account_sweep(${storefrontId})`.execute(trx);
}

/**
 * A line of a change made here. PostgreSQL's lines carry no balance after them: its purchases
 * commit side by side, so there is no one running order of the account's lines to record.
 */
export async function insertAccountLine(trx: DB, line: Insertable<StorefrontLedgerTable>): Promise<void> {
  await trx
    .insertInto('storefront_ledger')
    .values(isPostgres(trx) ? { ...line, balance_after: null } : line)
    .execute();
}

/** Credits minus debits of the account's lines newer than `afterId`: what they moved since. */
export async function movedSince(db: DB, storefrontId: number, afterId: number): Promise<number> {
  const row = await db
    .selectFrom('storefront_ledger')
    .select(sql<number>`coalesce(sum(credit - debit), 0)`.as('moved'))
    .where('storefront_id', '=', storefrontId)
    .where('id', '>', afterId)
    .executeTakeFirstOrThrow();
  return Number(row.moved);
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

/**
 * Every storefront's account but 1's (one with `storefrontId`), with what its purchases since
 * `since` cost it net of reversals, and the refusals `viewerId` had seen when they last marked
 * them (`seen_count`, 0: never). A storefront without an account row reads as an account at 0.
 */
export function accountsWithSpend(db: DB, since: string, storefrontId: number | null, viewerId: number) {
  let q = db
    .selectFrom('storefronts as s')
    .leftJoin('storefront_accounts as a', 'a.storefront_id', 's.id')
    .leftJoin('storefront_refusals_seen as r', (j) =>
      j.onRef('r.storefront_id', '=', 's.id').on('r.user_id', '=', viewerId),
    )
    .select((eb) => [
      's.id as storefront_id',
      totalOf('s.id').as('balance'),
      sql<number>`coalesce(a.credit_limit, 0)`.as('credit_limit'),
      sql<number>`coalesce(a.refused_count, 0)`.as('refused_count'),
      sql<number>`coalesce(r.refused_count, 0)`.as('seen_count'),
      'a.last_refused_at',
      'a.last_refused_price',
      eb
        .selectFrom('storefront_ledger as l')
        .select(
          sql<string>`coalesce(sum(case when l.ref_type in ('order', 'number') then l.debit
            when l.ref_type in ('order_refund', 'number_refund') then -l.credit else 0 end), 0)`.as('spent'),
        )
        .whereRef('l.storefront_id', '=', 's.id')
        .where('l.created_at', '>=', since)
        .as('spent'),
    ])
    .where('s.id', '<>', PROVIDER_STOREFRONT);
  if (storefrontId !== null) q = q.where('s.id', '=', storefrontId);
  return q.orderBy('s.id').execute();
}

/** Outside the refused purchase's transaction, which rolled back: the staff see that it happened. */
export async function noteRefusal(db: DB, storefrontId: number, price: number, t: string): Promise<void> {
  await db
    .updateTable('storefront_accounts')
    .set({ refused_count: sql`refused_count + 1`, last_refused_at: t, last_refused_price: price })
    .where('storefront_id', '=', storefrontId)
    .execute();
}

/**
 * `userId` has seen the storefront's refusals up to the count the console showed them (`shown`):
 * never past what the account has counted, so one refused meanwhile stays news, and never back,
 * so an older page's count does not bring seen refusals back.
 */
export async function markRefusalsSeen(
  db: DB,
  userId: number,
  storefrontId: number,
  shown: number,
  t: string,
): Promise<void> {
  const counted = sql<number>`coalesce((select refused_count from storefront_accounts
    where storefront_id = ${storefrontId}), 0)`;
  const sent = sql<number>`cast(${shown} as integer)`;
  await db
    .insertInto('storefront_refusals_seen')
    .values({
      user_id: userId,
      storefront_id: storefrontId,
      refused_count: sql<number>`case when ${sent} < ${counted} then ${sent} else ${counted} end`,
      seen_at: t,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'storefront_id']).doUpdateSet({
        refused_count: sql<number>`case when excluded.refused_count > storefront_refusals_seen.refused_count
          then excluded.refused_count else storefront_refusals_seen.refused_count end`,
        seen_at: sql<string>`excluded.seen_at`,
      }),
    )
    .execute();
}

/**
 * PostgreSQL: the pending debit line of the order in the CTE `from`, a piece of the one-statement
 * order (checkout's paid-order statements): the provider's price of an order on another
 * storefront than 1, taken from its account when the statement commits (the deferred trigger of
 * migration 2026-11-26-29-storefront-debit-at-commit), or the commit fails and nothing is written.
 */
export function pendingDebitOfOrderIn(db: DB, from: string) {
  const [head, tail] = ORDER_INFO;
  return db
    .insertInto('storefront_ledger')
    .columns(['storefront_id', 'credit', 'debit', 'balance_after', 'reason', 'ref_type', 'ref_id', 'created_at'])
    .expression(
      sql`select storefront_id, 0, provider_price, null, ${head}::text || id::text || ${tail}::text, 'order', id,
        created_at from ${sql.table(from)} where storefront_id <> ${PROVIDER_STOREFRONT} and provider_price > 0`,
    );
}
