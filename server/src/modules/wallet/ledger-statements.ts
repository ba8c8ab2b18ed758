import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { now } from '../../kernel/time';

/** Takes `amount` from the balance only if it covers it; the user row after, or undefined. */
export function takeFromBalance(trx: DB, userId: number, amount: number) {
  return trx
    .updateTable('users')
    .set({ balance: sql`balance - ${amount}` })
    .where('id', '=', userId)
    .where('balance', '>=', amount)
    .returningAll()
    .executeTakeFirst();
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

export async function insertLedgerRow(trx: DB, r: LedgerRow): Promise<void> {
  await trx
    .insertInto('ledger')
    .values({
      user_id: r.userId,
      credit: r.credit,
      debit: r.debit,
      balance_after: r.balanceAfter,
      info: r.info.slice(0, 300),
      ref_type: r.refType,
      ref_id: r.refId,
      created_at: now(),
    })
    .execute();
}
