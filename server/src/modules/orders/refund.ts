import type { Selectable } from 'kysely';
import type { DB, OrdersTable } from '../../db/database';
import { credit, reverseStorefrontDebit } from '../wallet';
import { orderMsg } from './messages-ar';

/**
 * Gives back exactly what the order debited (the customer's price, and on another storefront than 1
 * the provider's price to that storefront's account). Call it only right after the conditional UPDATE that
 * moved this order to `cancel` succeeded, in the same transaction: that UPDATE is what makes a
 * second refund impossible.
 */
export async function refundOrder(trx: DB, order: Selectable<OrdersTable>): Promise<void> {
  // A free order debited nothing, and the ledger refuses zero amounts.
  if (order.price <= 0) return;
  await credit(trx, order.user_id, order.price, orderMsg.refundInfo(order.id), { type: 'order', id: order.id });
  // Another storefront's order gives its account back the provider's price, in the same transaction.
  await reverseStorefrontDebit(trx, Number(order.storefront_id), { type: 'order', id: order.id });
}
