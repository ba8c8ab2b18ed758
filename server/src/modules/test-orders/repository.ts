import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database';
import { TEST_BALANCE_START } from './outcome';
import type { TestOrdersTable } from './tables';

export type TestOrderRow = Selectable<TestOrdersTable>;

/** The customer's test balance row, opened at 1,000 $ the first time test mode is used. */
export async function openTestBalance(db: DB, userId: number, t: string): Promise<void> {
  await db
    .insertInto('test_balances')
    .values({ user_id: userId, balance: TEST_BALANCE_START, updated_at: t })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function testBalanceOf(db: DB, userId: number): Promise<number> {
  const row = await db.selectFrom('test_balances').select('balance').where('user_id', '=', userId).executeTakeFirst();
  return row ? row.balance : TEST_BALANCE_START;
}

/** Takes `amount` when the balance covers it, in one statement; false when it does not. */
export async function takeTestBalance(db: DB, userId: number, amount: number, t: string): Promise<boolean> {
  const r = await db
    .updateTable('test_balances')
    .set((eb) => ({ balance: eb('balance', '-', amount), updated_at: t }))
    .where('user_id', '=', userId)
    .where('balance', '>=', amount)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function giveBackTestBalance(db: DB, userId: number, amount: number, t: string): Promise<void> {
  await db
    .updateTable('test_balances')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: t }))
    .where('user_id', '=', userId)
    .execute();
}

export function insertTestOrder(db: DB, values: Insertable<TestOrdersTable>): Promise<TestOrderRow> {
  return db.insertInto('test_orders').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findTestOrder(db: DB, userId: number, id: number): Promise<TestOrderRow | undefined> {
  return db.selectFrom('test_orders').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export function findTestOrderByKey(db: DB, userId: number, key: string): Promise<TestOrderRow | undefined> {
  return db
    .selectFrom('test_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Newest first, `limit` rows below `beforeId` (keyset), optionally of one status. */
export function listTestOrders(
  db: DB,
  userId: number,
  filter: { status?: string | undefined; beforeId?: number | undefined; offset: number; limit: number },
): Promise<TestOrderRow[]> {
  return db
    .selectFrom('test_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(filter.status !== undefined, (q) => q.where('status', '=', filter.status as TestOrderRow['status']))
    .$if(filter.beforeId !== undefined, (q) => q.where('id', '<', filter.beforeId as number))
    .orderBy('id', 'desc')
    .offset(filter.offset)
    .limit(filter.limit)
    .execute();
}

/** The ids of pending test orders whose delay has passed. */
export function dueTestOrders(db: DB, t: string, limit: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('test_orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('due_at', '<=', t)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/** Delivers a pending one; undefined when another instance did first. */
export function deliverTestOrder(db: DB, id: number, message: string, t: string): Promise<TestOrderRow | undefined> {
  return db
    .updateTable('test_orders')
    .set({ status: 'success', message, due_at: null, updated_at: t })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}
