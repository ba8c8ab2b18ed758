import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { PageWindow } from '../../kernel/http/keyset-page';

export function listLedgerRows(db: DB, userId: number, window: PageWindow) {
  let q = db.selectFrom('ledger').select(['id', 'credit', 'debit', 'info', 'created_at']).where('user_id', '=', userId);
  if (window.before !== undefined) q = q.where('id', '<', window.before);
  return q.orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute();
}

/** The sum below, read from the customer's index alone (`orders_user`); a builder so a test can EXPLAIN it. */
export function openAndAcceptedOrdersTotal(db: DB, userId: number) {
  return db
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(price), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['success', 'pending', 'wait', 'request_cancel']);
}

/** What the customer's orders cost, counting every order that has not been cancelled (refunded). */
export async function sumOpenAndAcceptedOrders(db: DB, userId: number): Promise<number> {
  const row = await openAndAcceptedOrdersTotal(db, userId).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The name and e-mail printed at the top of a customer's statement. */
export function findStatementHolder(db: DB, userId: number) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The running balance just before `start`: the opening balance of a statement. */
export function lastLedgerRowBefore(db: DB, userId: number, start: string) {
  return db
    .selectFrom('ledger')
    .select('balance_after')
    .where('user_id', '=', userId)
    .where('created_at', '<', start)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function ledgerRowsBetween(db: DB, userId: number, start: string, end: string, limit: number) {
  return db
    .selectFrom('ledger')
    .select(['id', 'created_at', 'info', 'credit', 'debit', 'balance_after'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}
