import { type Selectable, sql } from 'kysely';
import type { DB, OrdersTable, UsersTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { requestIdOf } from '../../kernel/request-context';
import { type CodeKey, markPickedSold, pickCodes, sellableUpToExpr } from '../fulfilment';
import { insertNoticeOfOrder, insertPushesOfOrder, type NewOrderNotice } from '../notifications';
import { insertOrderFrom, nextOrderId, stockCodesOf } from '../orders';
import { deliveriesOfRow, newEventId } from '../webhooks';
import { pendingDebitOfOrderIn } from '../wallet';
import {
  balanceEventFor,
  debitFor,
  flat,
  type Flat,
  hookedCount,
  lineFor,
  onStorefront,
  PAID_ORDER_KEYS,
  type PaidOrderValues,
  slotsOf,
} from './paid-order-statements';

/**
 * What a stock sale writes besides a paid order: how many codes, the customer's notice and its
 * push (their texts cut around the order id, which the statement assigns: `noticeOfNewOrder`)
 * and the moment of the sale.
 */
export type StockSaleValues = PaidOrderValues & {
  quantity: number;
  /** Codes counted after the sale up to this many: the low-stock threshold + 1. */
  countUpTo: number;
  notice: NewOrderNotice;
  t: string;
  /** Where the product's sellable codes begin, as last read (fulfilment's `stockFloor`): the scans start there. */
  from: CodeKey;
};

const SALE_KEYS = [
  'quantity',
  'countUpTo',
  'title',
  'msg0',
  'msg1',
  'push0',
  'push1',
  'push2',
  't',
  'orderEvent',
  'fromAt',
  'fromId',
] as const;
type SaleSlots = Record<(typeof SALE_KEYS)[number], unknown>;

function saleSlots(v: StockSaleValues): SaleSlots {
  const [msg0, msg1] = v.notice.msgParts;
  const [push0, push1, push2] = v.notice.payloadParts;
  return {
    quantity: v.quantity,
    countUpTo: v.countUpTo,
    title: v.notice.title,
    msg0,
    msg1,
    push0,
    push1,
    push2,
    t: v.t,
    orderEvent: newEventId(),
    fromAt: v.from.at,
    fromId: v.from.id,
  };
}

/**
 * PostgreSQL: a sale from code stock as one statement, like `insertPaidOrder` for a manual order
 * (docs/decisions.md), composed from the pieces of the modules that own each row: it locks
 * `quantity` sellable codes (fulfilment's `pickCodes`, skipping those another buyer holds, from
 * where the product's sellable codes began when last read: `stockFloor`),
 * debits only when it got them all, the balance covers the price and the product still reads as
 * priced; then marks the codes sold to the new order (`markPickedSold`), stores the order
 * accepted with the codes' own ciphertexts (orders' `insertOrderFrom`, `stockCodesOf`), its
 * ledger line, the customer's notice and one queued push per signed-in browser (notifications'
 * `insertNoticeOfOrder`, `insertPushesOfOrder`) and the order's and the balance's webhook
 * deliveries (webhooks' `deliveriesOfRow`), all or nothing. No row back means nothing was
 * written: the transactional path decides (out of stock, short balance, changed catalog) from a
 * fresh read.
 */
const stockSaleStatement = (onStorefront: boolean) =>
  queryTemplate([...PAID_ORDER_KEYS, ...SALE_KEYS], (db, slots: Flat) => {
    const { order, info, product, markupBp } = slotsOf(slots);
    const s = slots as unknown as {
      quantity: number;
      countUpTo: number;
      t: string;
      orderEvent: string;
      balanceEvent: string;
      reqId: string | null;
      fromAt: string;
      fromId: number;
    };
    const from: CodeKey = { at: s.fromAt, id: s.fromId };
    const notice = slots as unknown as Record<string, string>;
    const saleNotice: NewOrderNotice = {
      title: notice.title ?? '',
      msgParts: [notice.msg0 ?? '', notice.msg1 ?? ''],
      payloadParts: [notice.push0 ?? '', notice.push1 ?? '', notice.push2 ?? ''],
    };
    const newOrderId = sql<number>`(select id from new_order)`;
    const writes = db
      .with('picked', () => pickCodes(db, order.product_id, s.quantity, s.t, from))
      .with('debit', () =>
        debitFor(db, order, product, markupBp)
          .where(sql<boolean>`(select count(*) from picked) = ${s.quantity}`)
          .returningAll(),
      )
      .with('new_order', (qc) => qc.selectFrom('debit').select(nextOrderId().as('id')))
      .with('sold', () =>
        markPickedSold(db, newOrderId, s.t).where(sql<boolean>`exists (select 1 from new_order)`).returning('id'),
      )
      .with('placed', () =>
        insertOrderFrom(db, order, 'new_order', {
          id: sql.ref('new_order.id'),
          codesEnc: stockCodesOf('picked'),
        }).returningAll(),
      )
      .with('line', () => lineFor(db, order, info))
      .with('notice', () => insertNoticeOfOrder(db, saleNotice, 'placed', s.t))
      .with('pushed', () => insertPushesOfOrder(db, saleNotice, 'placed', s.t, s.reqId).returning('id'))
      .with('order_hooked', () =>
        deliveriesOfRow(db, {
          userId: order.user_id,
          type: 'order.updated',
          eventId: s.orderEvent,
          t: s.t,
          from: 'placed',
          reqId: s.reqId,
        }).returning('id'),
      )
      .with('balance_hooked', () => balanceEventFor(db, order, s.balanceEvent, s.reqId).returning('id'));
    // The same reply either way: the account's line is written, never read back.
    const all = onStorefront
      ? (writes.with('storefront_line', () => pendingDebitOfOrderIn(db, 'placed')) as unknown as typeof writes)
      : writes;
    return all.selectFrom(['placed', 'debit']).select([
      sql<Selectable<OrdersTable>>`to_json(placed)`.as('order'),
      sql<Selectable<UsersTable>>`to_json(debit)`.as('buyer'),
      hookedCount('order_hooked', 'balance_hooked'),
      sql<string>`(select count(*) from pushed)`.as('pushed'),
      // The statement's snapshot still counts the codes it sold as sellable.
      sql<string>`${sellableUpToExpr(order.product_id, s.countUpTo, s.t, from)} - ${s.quantity}`.as('left'),
    ]);
  });
/** The provider's own store's statement, and another storefront's, which also writes its account's debit. */
const stockSaleStatements = { provider: stockSaleStatement(false), storefront: stockSaleStatement(true) };

/** The sale, or undefined when it wrote nothing (see `stockSaleStatement`). */
export async function insertPaidStockSale(db: DB, values: StockSaleValues) {
  const slots: Flat = { ...flat(values, requestIdOf(db)), ...saleSlots(values) };
  slots.countUpTo = values.countUpTo + values.quantity;
  const statement = onStorefront(values) ? stockSaleStatements.storefront : stockSaleStatements.provider;
  const row = (await statement(db, slots)).rows[0];
  return (
    row && {
      order: row.order,
      buyer: row.buyer,
      left: Number(row.left),
      hooked: Number(row.hooked),
      pushed: Number(row.pushed),
    }
  );
}
