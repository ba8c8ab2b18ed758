import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DB, DebtEntriesTable } from '../../db/database';

export function findDebtState(trx: DB, userId: number) {
  return trx.selectFrom('users').select(['deposit', 'credit_limit']).where('id', '=', userId).executeTakeFirst();
}

export async function insertDebtEntry(trx: DB, values: Insertable<DebtEntriesTable>): Promise<number> {
  const row = await trx.insertInto('debt_entries').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The debt grows by `amount` only within the credit limit (null: no limit); the debt after, or undefined. */
export function raiseDebt(trx: DB, userId: number, amount: number) {
  return trx
    .updateTable('users')
    .set({ deposit: sql`deposit + ${amount}` })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('credit_limit', 'is', null), eb(sql`deposit + ${amount}`, '<=', eb.ref('credit_limit'))]))
    .returning('deposit')
    .executeTakeFirst();
}

/** The debt shrinks by `amount` only if it is at least that; the debt and balance after, or undefined. */
export function lowerDebt(trx: DB, userId: number, amount: number) {
  return trx
    .updateTable('users')
    .set({ deposit: sql`deposit - ${amount}` })
    .where('id', '=', userId)
    .where('deposit', '>=', amount)
    .returning(['deposit', 'balance'])
    .executeTakeFirst();
}

export type DebtEntryRow = Omit<Selectable<DebtEntriesTable>, 'user_id'>;

/** The newest entries of one customer's debt, for the console's user page. */
export function debtHistory(db: DB, userId: number, limit = 100): Promise<DebtEntryRow[]> {
  return db
    .selectFrom('debt_entries')
    .select(['id', 'kind', 'amount', 'debt_after', 'reason', 'actor_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
