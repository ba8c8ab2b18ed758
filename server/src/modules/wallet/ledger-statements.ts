import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { now } from '../../kernel/time';

/**
 * The debit itself: one conditional UPDATE that takes `amount` only while the balance covers it
 * (never read-then-write). Not yet run: `takeFromBalance` runs it; PostgreSQL's one-statement
 * order (checkout) adds its own conditions and runs it as a CTE, `ledgerLineOfDebit` following.
 */
export function balanceDebit(db: DB, userId: number, amount: number) {
  return db
    .updateTable('users')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', userId)
    .where('balance', '>=', amount);
}

/** Takes `amount` from the balance only if it covers it; the user row after, or undefined. */
export function takeFromBalance(trx: DB, userId: number, amount: number) {
  return balanceDebit(trx, userId, amount).returningAll().executeTakeFirst();
}

/** Adds `amount` only while the balance stays at or under `max`; the balance after, or undefined. */
export function addToBalance(trx: DB, userId: number, amount: number, max: number) {
  return trx
    .updateTable('users')
    .set({ balance: sql`balance + ${amount}` })
    .where('id', '=', userId)
    .where('balance', '<=', max - amount)
    .returning('balance')
    .executeTakeFirst();
}

export async function userExists(trx: DB, userId: number): Promise<boolean> {
  return (await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export type LedgerRow = {
  userId: number;
  credit: number;
  debit: number;
  balanceAfter: number;
  info: string;
  refType: string;
  refId: number | null;
};

/** A ledger line's text, as stored: at most 300 characters. */
export const ledgerInfo = (info: string): string => info.slice(0, 300);

/** Writes the line; answers it as stored. */
export function insertLedgerRow(trx: DB, r: LedgerRow) {
  return trx
    .insertInto('ledger')
    .values({
      user_id: r.userId,
      credit: r.credit,
      debit: r.debit,
      balance_after: r.balanceAfter,
      info: ledgerInfo(r.info),
      ref_type: r.refType,
      ref_id: r.refId,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The ledger line of a `balanceDebit` run as the CTE named `debit` of the same statement
 * (PostgreSQL's one-statement order): the row `debitReturningUser` writes, with the balance the
 * debit returned (so the running total holds) and `info` already `ledgerInfo`. `paid` names the
 * CTE of what the debit paid for (its `id` and `created_at`); no line unless both have a row.
 */
export function ledgerLineOfDebit(db: DB, line: { amount: number; info: string; refType: string; paid: string }) {
  const paid = (column: string) => sql.ref(`${line.paid}.${column}`);
  return db
    .insertInto('ledger')
    .columns(['user_id', 'credit', 'debit', 'balance_after', 'info', 'ref_type', 'ref_id', 'created_at'])
    .expression(
      sql`select debit.id, 0, ${line.amount}, debit.balance, ${line.info}, ${sql.lit(line.refType)}, ${paid('id')},
        ${paid('created_at')} from debit, ${sql.table(line.paid)}`,
    );
}
