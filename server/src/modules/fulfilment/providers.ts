import type { Selectable } from 'kysely';
import type { DB, OrdersTable } from '../../db/database';
import { notify } from '../notifications';
import { acceptOnPlacement } from '../orders';
import { queueForward } from './forward';
import { deliveryNotice } from './messages-ar';
import { sellFromStock, type StockProduct } from './sell-from-stock';

/**
 * The one interface of fulfilment: a paid purchase is handed to its provider inside the
 * purchase's own transaction, and the provider answers the purchase as the buyer now sees it.
 * A provider that fails (codes ran out) throws, and the payment rolls back with it.
 */
export type Fulfil<Row> = (trx: DB, paid: Row, t: string) => Promise<Row>;

type OrderRow = Selectable<OrdersTable>;

/** What the order providers read of the product an order was placed for. */
export type DeliveredProduct = StockProduct & { delivery: 'manual' | 'stock' | 'supplier' };

/**
 * The providers of orders, by the product's `delivery` (numbers have their own: the numbers
 * module's worker rents the number, numbers/purchase.ts).
 * - manual: nothing now; the order waits in the operator's queue for a decision.
 * - stock: the codes are taken and the order is accepted at once, with the customer's notice.
 * - supplier: the order is put in the forwarding outbox; the forwarder sends it after the commit.
 */
export function orderFulfilment(product: DeliveredProduct, supplierId: number | null): Fulfil<OrderRow> {
  switch (product.delivery) {
    case 'manual':
      return async (_trx, paid) => paid;
    case 'stock':
      return async (trx, paid, t) => {
        const sale = await sellFromStock(trx, product, paid.quantity, paid.id, t);
        const row = await acceptOnPlacement(trx, paid.id, sale.codesEnc);
        const notice = deliveryNotice.delivered(row.id, row.product_name);
        await notify(trx, row.user_id, notice.title, notice.msg, row.id);
        return row;
      };
    case 'supplier':
      return async (trx, paid, t) => {
        // order-terms.ts refuses a supplier product that names no supplier before anything is paid.
        if (supplierId !== null) await queueForward(trx, paid.id, supplierId, t);
        return paid;
      };
  }
}
