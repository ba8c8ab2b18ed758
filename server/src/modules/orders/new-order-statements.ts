import { type Expression, type Insertable, sql } from 'kysely';
import type { DB, OrdersTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';

/** Every column a new order is stored with (checkout's order-terms.ts `orderValues`). */
export const NEW_ORDER_COLUMNS = [
  'user_id',
  'product_id',
  'product_name',
  'status',
  'price',
  'price_syr',
  'price_tr',
  'quantity',
  'data',
  'data2',
  'secret',
  'phone',
  'note',
  'api',
  'delivery',
  'message',
  'cancel_msg',
  'idempotency_key',
  'created_at',
  'updated_at',
  'storefront_id',
  'provider_price',
] as const satisfies ReadonlyArray<keyof Insertable<OrdersTable>>;

export type NewOrder = Required<Pick<Insertable<OrdersTable>, (typeof NEW_ORDER_COLUMNS)[number]>>;

export function findOrderByKey(db: DB, userId: number, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Built once (a query template): placing an order is the store's hottest write. */
const newOrder = queryTemplate(NEW_ORDER_COLUMNS, (db, order: NewOrder) =>
  db.insertInto('orders').values(order).returningAll(),
);

export async function insertOrder(db: DB, order: NewOrder) {
  const row = (await newOrder(db, order)).rows[0];
  if (!row) throw new Error('insertOrder: no row returned');
  return row;
}

const deliveredOrder = queryTemplate(
  [...NEW_ORDER_COLUMNS, 'codes_enc'],
  (db, order: NewOrder & { codes_enc: string | null }) => db.insertInto('orders').values(order).returningAll(),
);

/**
 * The insert of an order delivered while it is placed (SQLite's stock sale), with its codes
 * (`sealStockCodes`), as the one-statement road writes it on PostgreSQL: written once, where an
 * insert and then an update to `success` changed the order's status indexes and dashboard sums twice.
 */
export async function insertDeliveredOrder(db: DB, order: NewOrder, codesEnc: string | null) {
  const row = (await deliveredOrder(db, { ...order, codes_enc: codesEnc })).rows[0];
  if (!row) throw new Error('insertDeliveredOrder: no row returned');
  return row;
}

/**
 * The insert of a new order inside one statement (PostgreSQL's one-statement order), the row
 * `insertOrder` writes: one order per row of the CTE `from` (none when it has none, e.g. a debit
 * that did not happen). A stock sale gives the id it drew and the codes it sold
 * (`stockCodesOf`), the order stored accepted at once as `acceptOnPlacement` leaves it.
 */
export function insertOrderFrom(
  db: DB,
  order: NewOrder,
  from: string,
  sale?: { id: Expression<number>; codesEnc: Expression<string | null> },
) {
  const values = NEW_ORDER_COLUMNS.map((c) => sql`${order[c]}`);
  const columns = [...(sale ? (['id'] as const) : []), ...NEW_ORDER_COLUMNS, ...(sale ? (['codes_enc'] as const) : [])];
  const selected = sale ? [sale.id, ...values, sale.codesEnc] : values;
  return db
    .insertInto('orders')
    .columns(columns)
    .expression(sql`select ${sql.join(selected)} from ${sql.table(from)}`);
}

/** A new order's id drawn from the orders' sequence (PostgreSQL), for a statement that needs it first. */
export const nextOrderId = () => sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))`;

/**
 * The codes of a stock sale as the order stores them, from the CTE `picked` of product_codes
 * rows: `sealStockCodes` (order-codes.ts) in SQL, the pairs [code_enc, serial_enc] in id order.
 */
export function stockCodesOf(picked: string): Expression<string | null> {
  return sql<string | null>`(select json_agg(json_build_array(code_enc, serial_enc) order by id) from ${sql.table(
    picked,
  )})::text`;
}
