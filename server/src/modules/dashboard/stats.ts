import type { DB } from '../../db/database';
import { countAttention } from '../fulfilment';
import { countLowStockProducts } from '../fulfilment';
import { now } from '../../kernel/time';
import { countByStatus } from './repository';

/**
 * What waits for an operator: pending top-ups, orders not yet done, cancel requests, forwarded
 * orders a supplier could not fulfil, and products running out of codes.
 */
export async function operatorStats(db: DB) {
  const [pending_charges, open_orders, cancel_requests, attention_orders, low_stock_products] = await Promise.all([
    countByStatus(db, 'charges', ['pending']),
    countByStatus(db, 'orders', ['pending', 'wait', 'request_cancel']),
    countByStatus(db, 'orders', ['request_cancel']),
    countAttention(db),
    countLowStockProducts(db, now()),
  ]);
  return { pending_charges, open_orders, cancel_requests, attention_orders, low_stock_products };
}
