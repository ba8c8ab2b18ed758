import { type Insertable, type Selectable, sql } from 'kysely';
import { PRICED_COLUMNS, type PricedProduct, productUnchanged } from '../catalog';
import type { DB, OrdersTable, UsersTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';

export function findOrderByKey(db: DB, userId: number, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function insertOrder(db: DB, values: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * The unique (user_id, idempotency_key) constraint of orders or number purchases firing
 * (`orders_idempotency`, `number_activations_idem`): a second request with the same key lost the
 * race to the first. SQLite and PostgreSQL report it differently.
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return e.constraint === undefined || e.constraint.includes('idem');
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && (e.message ?? '').includes('idempotency_key');
}

/** Every column a new order is stored with (order-terms.ts `orderValues`). */
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
] as const satisfies ReadonlyArray<keyof Insertable<OrdersTable>>;

export type NewOrder = Required<Pick<Insertable<OrdersTable>, (typeof NEW_ORDER_COLUMNS)[number]>>;

export type PaidOrderValues = { order: NewOrder; info: string; product: PricedProduct };
/** A paid order's values as a query template's slots (db/query-template.ts): one key per value. */
export type Flat = Record<string, unknown>;

const productKeys = ['id', 'category_available', ...PRICED_COLUMNS] as const;
export const PAID_ORDER_KEYS = ['info', ...NEW_ORDER_COLUMNS.map((c) => `o_${c}`), ...productKeys.map((c) => `p_${c}`)];
export const flat = ({ order, info, product }: PaidOrderValues): Flat => {
  // checkAndPrice refuses these first; a write from one statement must never pay them anyway.
  if (!Number.isSafeInteger(order.price) || order.price <= 0) throw new Error('one-statement order: bad price');
  const out: Flat = { info: info.slice(0, 300) };
  for (const c of NEW_ORDER_COLUMNS) out[`o_${c}`] = order[c];
  for (const c of productKeys) out[`p_${c}`] = product[c];
  return out;
};
export const slotsOf = (s: Flat): PaidOrderValues => ({
  info: s.info as string,
  order: Object.fromEntries(NEW_ORDER_COLUMNS.map((c) => [c, s[`o_${c}`]])) as NewOrder,
  product: Object.fromEntries(productKeys.map((c) => [c, s[`p_${c}`]])) as PricedProduct,
});

/**
 * The conditional debit of a one-statement order (wallet/ledger.ts's UPDATE, as a CTE named
 * `debit`): only while the balance covers the price and the product still reads as `product`.
 */
export function debitFor(db: DB, order: NewOrder, product: PricedProduct) {
  return db
    .updateTable('users')
    .set({ balance: sql`balance - ${order.price}` })
    .where('id', '=', order.user_id)
    .where('balance', '>=', order.price)
    .where(productUnchanged(product));
}

/** The order's ledger line, from the CTEs `debit` (the buyer after it) and `placed` (the order). */
export function ledgerLineFor(db: DB, info: string) {
  return db
    .insertInto('ledger')
    .columns(['user_id', 'credit', 'debit', 'balance_after', 'info', 'ref_type', 'ref_id', 'created_at'])
    .expression(
      sql`select debit.id, 0, placed.price, debit.balance, ${info}, 'order', placed.id, placed.created_at
        from debit, placed`,
    );
}

/**
 * PostgreSQL (data-modifying CTEs): the debit, the order it pays for and the order's ledger line
 * as one statement, atomic without a transaction. The debit is wallet/ledger.ts's conditional
 * UPDATE and the ledger line carries the balance it returned, so the running total holds
 * (ledger:verify checks it). Nothing is written, and no row comes back, when the balance does
 * not cover the price or the product no longer reads as `product` (`productUnchanged`).
 */
const paidOrderStatement = queryTemplate(PAID_ORDER_KEYS, (db, slots: Flat) => {
  const { order, info, product } = slotsOf(slots);
  return db
    .with('debit', () => debitFor(db, order, product).returningAll())
    .with('placed', (qc) =>
      qc
        .insertInto('orders')
        .columns([...NEW_ORDER_COLUMNS])
        .expression((eb) => eb.selectFrom('debit').select(NEW_ORDER_COLUMNS.map((c) => eb.val(order[c]).as(c))))
        .returningAll(),
    )
    .with('line', () => ledgerLineFor(db, info))
    .selectFrom(['placed', 'debit'])
    .select([
      sql<Selectable<OrdersTable>>`to_json(placed)`.as('order'),
      sql<Selectable<UsersTable>>`to_json(debit)`.as('buyer'),
    ]);
});

export async function insertPaidOrder(db: DB, values: PaidOrderValues) {
  return (await paidOrderStatement(db, flat(values))).rows[0];
}
