import type { DB } from '../../db/database';
import { countAttention } from '../fulfilment';
import { countLowStockProducts } from '../fulfilment';
import { now } from '../../kernel/time';
import { countByStatus } from './repository';

/**
 * What waits for an operator: pending top-ups, orders not yet done, cancel requests, forwarded
 * orders a supplier could not fulfil, and products running out of codes. `store`: a storefront's
 * staff's, whose badges count their storefront's top-ups and orders; suppliers and stock are the
 * provider's, so theirs are 0.
 */
export async function operatorStats(db: DB, store: number | null) {
  const provider = store === null;
  const [pending_charges, open_orders, cancel_requests, attention_orders, low_stock_products] = await Promise.all([
    countByStatus(db, 'charges', ['pending'], store),
    countByStatus(db, 'orders', ['pending', 'wait', 'request_cancel'], store),
    countByStatus(db, 'orders', ['request_cancel'], store),
    provider ? countAttention(db) : 0,
    provider ? countLowStockProducts(db, now()) : 0,
  ]);
  return { pending_charges, open_orders, cancel_requests, attention_orders, low_stock_products };
}
