import type { OrderHistoryEntry, OrderStatus } from '@raseed/contract';
import type { DB } from '../../db/database';

/** Called by transitionOrder only, inside its transaction. */
export async function recordOrderEvent(
  trx: DB,
  orderId: number,
  from: OrderStatus,
  status: OrderStatus,
  at: string,
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({ order_id: orderId, from_status: from, status, created_at: at })
    .execute();
}

/**
 * The order's status history, oldest first: its first status at creation (the `from` of the
 * first change, or today's status when it never changed), then every change. Orders placed
 * before this table existed show their creation and current status only.
 */
export async function orderHistory(
  db: DB,
  order: { id: number; status: OrderStatus; created_at: string },
): Promise<OrderHistoryEntry[]> {
  const events = await db
    .selectFrom('order_events')
    .select(['from_status', 'status', 'created_at'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  const first = events[0]?.from_status ?? order.status;
  return [{ status: first, at: order.created_at }, ...events.map((e) => ({ status: e.status, at: e.created_at }))];
}

/** What the ledger gave back for this order (0 when nothing was refunded). */
export async function orderRefundMicros(db: DB, userId: number, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credit'), eb.lit(0)).as('refunded'))
    .where('user_id', '=', userId)
    .where('ref_type', '=', 'order')
    .where('ref_id', '=', orderId)
    .executeTakeFirst();
  return Number(row?.refunded ?? 0);
}
