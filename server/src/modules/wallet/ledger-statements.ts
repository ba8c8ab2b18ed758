import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
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

// The debit and the ledger line of every order: built once (query templates), not per order.
const debitUser = queryTemplate(['userId', 'amount'], (db, v: { userId: number; amount: number }) =>
  balanceDebit(db, v.userId, v.amount).returningAll(),
);

/** Takes `amount` from the balance only if it covers it; the user row after, or undefined. */
export async function takeFromBalance(trx: DB, userId: number, amount: number) {
  return (await debitUser(trx, { userId, amount })).rows[0];
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

const ledgerLine = queryTemplate(
  ['userId', 'credit', 'debit', 'balanceAfter', 'info', 'refType', 'refId', 'createdAt'],
  (db, v: LedgerRow & { createdAt: string }) =>
    db
      .insertInto('ledger')
      .values({
        user_id: v.userId,
        credit: v.credit,
        debit: v.debit,
        balance_after: v.balanceAfter,
        info: v.info,
        ref_type: v.refType,
        ref_id: v.refId,
        created_at: v.createdAt,
      })
      .returningAll(),
);

/** Writes the line; answers it as stored. */
export async function insertLedgerRow(trx: DB, r: LedgerRow) {
  const { rows } = await ledgerLine(trx, { ...r, info: ledgerInfo(r.info), createdAt: now() });
  const line = rows[0];
  if (!line) throw new Error('the ledger line was not written');
  return line;
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
