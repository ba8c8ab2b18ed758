import { type Selectable, sql } from 'kysely';
import type { DB, OrdersTable, UsersTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import {
  debitFor,
  flat,
  type Flat,
  ledgerLineFor,
  NEW_ORDER_COLUMNS,
  PAID_ORDER_KEYS,
  type PaidOrderValues,
  slotsOf,
} from './repository';

/**
 * What a stock sale writes besides a paid order: how many codes, the customer's notice (its text
 * split around the order id, which the statement assigns) and the moment of the sale.
 */
export type StockSaleValues = PaidOrderValues & {
  quantity: number;
  /** Codes counted after the sale up to this many: the low-stock threshold + 1. */
  countUpTo: number;
  noticeTitle: string;
  noticeBefore: string;
  noticeAfter: string;
  t: string;
};

const SALE_KEYS = ['quantity', 'countUpTo', 'noticeTitle', 'noticeBefore', 'noticeAfter', 't'] as const;

/**
 * PostgreSQL: a sale from code stock as one statement, like `insertPaidOrder` for a manual order
 * (docs/decisions.md). It locks `quantity` sellable codes (skipping those another buyer holds),
 * debits only when it got them all, the balance covers the price and the product still reads as
 * priced; then marks the codes sold to the new order, stores the order accepted with the codes'
 * own ciphertexts, its ledger line, the customer's notice and one queued push per signed-in
 * browser (push/outbox.ts), all or nothing. No row back means nothing was written: the
 * transactional path decides (out of stock, short balance, changed catalog) from a fresh read.
 */
const stockSaleStatement = queryTemplate([...PAID_ORDER_KEYS, ...SALE_KEYS], (db, slots: Flat) => {
  const { order, info, product } = slotsOf(slots);
  const s = slots as unknown as Omit<StockSaleValues, keyof PaidOrderValues>;
  const sellable = sql<boolean>`status = 'available' and (expires_at is null or expires_at > ${s.t})`;
  return db
    .with('picked', (qc) =>
      qc
        .selectFrom('product_codes')
        .select(['id', 'code_enc', 'serial_enc'])
        .where('product_id', '=', order.product_id)
        .where(sellable)
        .orderBy('id')
        .limit(s.quantity)
        .forUpdate()
        .skipLocked(),
    )
    .with('debit', () =>
      debitFor(db, order, product).where(sql<boolean>`(select count(*) from picked) = ${s.quantity}`).returningAll(),
    )
    .with('new_order', (qc) =>
      qc.selectFrom('debit').select(sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))`.as('id')),
    )
    .with('sold', (qc) =>
      qc
        .updateTable('product_codes')
        .set({ status: 'sold', order_id: sql`(select id from new_order)`, sold_at: s.t })
        .where('id', 'in', (eb) => eb.selectFrom('picked').select('id'))
        .where(sql<boolean>`exists (select 1 from new_order)`)
        .returning('id'),
    )
    .with('placed', (qc) =>
      qc
        .insertInto('orders')
        .columns(['id', ...NEW_ORDER_COLUMNS, 'codes_enc'])
        .expression((eb) =>
          eb
            .selectFrom('new_order')
            .select([
              'new_order.id',
              ...NEW_ORDER_COLUMNS.map((c) => eb.val(order[c]).as(c)),
              sql<string>`(select json_agg(json_build_array(code_enc, serial_enc) order by id) from picked)::text`.as(
                'codes_enc',
              ),
            ]),
        )
        .returningAll(),
    )
    .with('line', () => ledgerLineFor(db, info))
    .with('notice', (qc) =>
      qc
        .insertInto('notifications')
        .columns(['user_id', 'title', 'msg', 'created_at', 'order_id'])
        .expression((eb) =>
          eb
            .selectFrom('placed')
            .select([
              'placed.user_id',
              eb.val(s.noticeTitle).as('title'),
              sql<string>`cast(${s.noticeBefore} as text) || placed.id || cast(${s.noticeAfter} as text)`.as('msg'),
              eb.val(s.t).as('created_at'),
              'placed.id as order_id',
            ]),
        )
        .returning(['msg', 'order_id']),
    )
    .with('pushed', (qc) =>
      qc
        .insertInto('push_outbox')
        .columns(['subscription_id', 'payload', 'attempts', 'next_attempt_at', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('push_subscriptions')
            .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
            .innerJoin('placed', 'placed.user_id', 'push_subscriptions.user_id')
            .innerJoin('notice', 'notice.order_id', 'placed.id')
            .where('sessions.revoked_at', 'is', null)
            .where('sessions.expires_at', '>', s.t)
            .select([
              'push_subscriptions.id as subscription_id',
              sql<string>`json_build_object('title', cast(${s.noticeTitle} as text), 'body', left(notice.msg, 1000),
                'url', '/orders/' || placed.id)::text`.as('payload'),
              eb.lit(0).as('attempts'),
              eb.val(s.t).as('next_attempt_at'),
              eb.val(s.t).as('created_at'),
            ]),
        ),
    )
    .selectFrom(['placed', 'debit'])
    .select([
      sql<Selectable<OrdersTable>>`to_json(placed)`.as('order'),
      sql<Selectable<UsersTable>>`to_json(debit)`.as('buyer'),
      // The statement's snapshot still counts the codes it sold as sellable.
      sql<string>`(select count(*) from (select 1 from product_codes where product_id = ${order.product_id}
        and ${sellable} limit ${s.countUpTo}) as seen) - ${s.quantity}`.as('left'),
    ]);
});

/** The sale, or undefined when it wrote nothing (see `stockSaleStatement`). */
export async function insertPaidStockSale(db: DB, values: StockSaleValues) {
  const slots: Flat = flat(values);
  for (const k of SALE_KEYS) slots[k] = values[k];
  slots.countUpTo = values.countUpTo + values.quantity;
  const row = (await stockSaleStatement(db, slots)).rows[0];
  return row && { order: row.order, buyer: row.buyer, left: Number(row.left) };
}
