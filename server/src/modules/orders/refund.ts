import type { Selectable } from 'kysely';
import type { DB, OrdersTable } from '../../db/database';
import { credit } from '../wallet';
import { orderMsg } from './messages-ar';

/**
 * Gives back exactly what the order debited. Call it only right after the conditional UPDATE that
 * moved this order to `cancel` succeeded, in the same transaction: that UPDATE is what makes a
 * second refund impossible.
 */
export async function refundOrder(trx: DB, order: Selectable<OrdersTable>): Promise<void> {
  // A free order debited nothing, and the ledger refuses zero amounts.
  if (order.price <= 0) return;
  await credit(trx, order.user_id, order.price, orderMsg.refundInfo(order.id), { type: 'order', id: order.id });
}
