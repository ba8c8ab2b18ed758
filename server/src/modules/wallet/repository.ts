import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { PageWindow } from '../../kernel/http/keyset-page';

export function listLedgerRows(db: DB, userId: number, window: PageWindow) {
  let q = db.selectFrom('ledger').select(['id', 'credit', 'debit', 'info', 'created_at']).where('user_id', '=', userId);
  if (window.before !== undefined) q = q.where('id', '<', window.before);
  return q.orderBy('id', 'desc').limit(window.limit).offset(window.offset).execute();
}

/** What the customer's orders cost, counting every order that has not been cancelled (refunded). */
export async function sumOpenAndAcceptedOrders(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(price), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['success', 'pending', 'wait', 'request_cancel'])
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
