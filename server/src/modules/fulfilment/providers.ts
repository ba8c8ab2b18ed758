import type { Selectable } from 'kysely';
import type { DB, OrdersTable, UsersTable } from '../../db/database';
import { isPostgres } from '../../db/engine';
import { notify } from '../notifications';
import { acceptOnPlacement, announceDelivered, insertDeliveredOrder, insertOrder, type NewOrder } from '../orders';
import { queueForward } from './forward';
import { deliveryNotice } from './messages-ar';
import { pickForSale, sellFromStock, type StockProduct } from './sell-from-stock';

/**
 * The one interface of fulfilment: a paid purchase is handed to its provider inside the
 * purchase's own transaction, and the provider answers the purchase as the buyer now sees it.
 * A provider that fails (codes ran out) throws, and the payment rolls back with it. `buyer` is
 * the buyer's row as the debit left it.
 */
export type Fulfil<Row> = (trx: DB, paid: Row, t: string, buyer: Selectable<UsersTable>) => Promise<Row>;

type OrderRow = Selectable<OrdersTable>;

/**
 * A provider of orders: how the new order is written (before the payment, in the same
 * transaction) and what it does once paid.
 */
export type OrderProvider = {
  write(trx: DB, order: NewOrder, t: string): Promise<OrderRow>;
  fulfil: Fulfil<OrderRow>;
};

/** What the order providers read of the product an order was placed for. */
export type DeliveredProduct = StockProduct & { delivery: 'manual' | 'stock' | 'supplier' };

const written = async (_trx: DB, paid: OrderRow) => paid;

/**
 * The providers of orders, by the product's `delivery` (numbers have their own: the numbers
 * module's worker rents the number, numbers/purchase.ts).
 * - manual: nothing now; the order waits in the operator's queue for a decision.
 * - stock: the codes are taken and the order is accepted at once, with the customer's notice.
 * - supplier: the order is put in the forwarding outbox; the forwarder sends it after the commit.
 */
export function orderFulfilment(db: DB, product: DeliveredProduct, supplierId: number | null): OrderProvider {
  switch (product.delivery) {
    case 'manual':
      return { write: insertOrder, fulfil: written };
    case 'stock':
      return isPostgres(db) ? stockAfterPayment(product) : stockOnPlacement(product);
    case 'supplier':
      return {
        write: insertOrder,
        fulfil: async (trx, paid, t) => {
          // order-terms.ts refuses a supplier product that names no supplier before anything is paid.
          if (supplierId !== null) await queueForward(trx, paid.id, supplierId, t);
          return paid;
        },
      };
  }
}

async function noticeDelivered(trx: DB, row: OrderRow): Promise<void> {
  const notice = deliveryNotice.delivered(row.id, row.product_name);
  await notify(trx, row.user_id, notice.title, notice.msg, row.id);
}

/**
 * PostgreSQL's transaction road (most stock sales are one statement, checkout/place-in-one-
 * statement.ts): the codes are taken once the debit went through, so a buyer who cannot pay never
 * holds, even for a round trip, codes that another buyer's sale skips as locked.
 */
function stockAfterPayment(product: StockProduct): OrderProvider {
  return {
    write: insertOrder,
    fulfil: async (trx, paid, t, buyer) => {
      const sale = await sellFromStock(trx, product, paid.quantity, paid.id, t);
      const row = await acceptOnPlacement(trx, paid.id, sale.codesEnc, buyer.api_access);
      await noticeDelivered(trx, row);
      return row;
    },
  };
}

/**
 * SQLite, whose one writer makes the order of a transaction's statements invisible to every other
 * buyer: the codes are picked, the order is written delivered with them, once, and the codes are
 * marked sold to it (`pickForSale`). Written pending and then accepted, a sale changed the order's
 * row, its status indexes and the dashboard's sums twice (docs/benchmarks.md#stock-sales). Its
 * webhook event waits for the debit, whose row says whether the buyer could have an endpoint.
 */
function stockOnPlacement(product: StockProduct): OrderProvider {
  return {
    write: async (trx, order, t) => {
      const sale = await pickForSale(trx, product, order.quantity, t);
      const row = await insertDeliveredOrder(trx, { ...order, status: 'success' }, sale.codesEnc);
      await sale.markSold(row.id);
      await noticeDelivered(trx, row);
      return row;
    },
    fulfil: async (trx, paid, _t, buyer) => {
      await announceDelivered(trx, paid, buyer.api_access);
      return paid;
    },
  };
}
