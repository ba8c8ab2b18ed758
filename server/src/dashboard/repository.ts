import { sql } from 'kysely';
import type { DB, Engine } from '../db/database';
import { localPart, type Range } from './date-range';

/** Every figure of the dashboard is one grouped SQL read over an index on `created_at`. */

const TOP = 10;
const OPEN_ORDERS = ['pending', 'wait', 'request_cancel'] as const;

export type SumRow = { count: number; total: number };
const sums = (r: { count: unknown; total: unknown }): SumRow => ({ count: Number(r.count ?? 0), total: Number(r.total ?? 0) });

function sales(db: DB, r: Range) {
  return db.selectFrom('orders').where('created_at', '>=', r.start).where('created_at', '<', r.end).where('status', '=', 'success');
}

export async function salesBy(db: DB, engine: Engine, r: Range, part: 'day' | 'hour') {
  const key = localPart(engine, 'created_at', r.tz, part);
  const rows = await sales(db, r)
    .select((eb) => [key.as('key'), eb.fn.countAll().as('count'), eb.fn.sum('price').as('total')])
    .groupBy(key)
    .execute();
  return new Map(rows.map((row) => [String(row.key), sums(row)]));
}

export async function ordersByStatus(db: DB, r: Range) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['status', eb.fn.countAll().as('count')])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

export async function topProducts(db: DB, r: Range) {
  const rows = await sales(db, r)
    .select((eb) => ['product_id', eb.fn.max('product_name').as('name'), eb.fn.countAll().as('count'), eb.fn.sum('price').as('total')])
    .groupBy('product_id')
    .orderBy('total', 'desc')
    .orderBy('product_id')
    .limit(TOP)
    .execute();
  return rows.map((row) => ({ id: Number(row.product_id), name: String(row.name), ...sums(row) }));
}

/** A product sits in a category directly or through its department; deleted places group as null. */
export async function topCategories(db: DB, r: Range) {
  const categoryId = sql<number | null>`coalesce(products.category_id, departments.category_id)`;
  const rows = await db
    .selectFrom('orders')
    .leftJoin('products', 'products.id', 'orders.product_id')
    .leftJoin('departments', 'departments.id', 'products.department_id')
    .leftJoin('categories', (j) => j.on(sql`categories.id`, '=', categoryId))
    .select((eb) => [categoryId.as('id'), eb.fn.max('categories.name').as('name'), eb.fn.countAll().as('count'), eb.fn.sum('orders.price').as('total')])
    .where('orders.created_at', '>=', r.start)
    .where('orders.created_at', '<', r.end)
    .where('orders.status', '=', 'success')
    .groupBy(categoryId)
    .orderBy('total', 'desc')
    .limit(TOP)
    .execute();
  return rows.map((row) => ({ id: row.id === null ? null : Number(row.id), name: row.name === null ? null : String(row.name), ...sums(row) }));
}

export async function topupsBy(db: DB, engine: Engine, r: Range) {
  const day = localPart(engine, 'created_at', r.tz, 'day');
  const rows = await db
    .selectFrom('charges')
    .select((eb) => [day.as('day'), 'status', eb.fn.countAll().as('count'), eb.fn.sum('amount').as('total')])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .groupBy([day, 'status'])
    .execute();
  return rows.map((row) => ({ day: String(row.day), status: row.status, ...sums(row) }));
}

export async function newCustomersBy(db: DB, engine: Engine, r: Range) {
  const day = localPart(engine, 'created_at', r.tz, 'day');
  const rows = await db
    .selectFrom('users')
    .select((eb) => [day.as('day'), eb.fn.countAll().as('count')])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .where('role', '=', 'customer')
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [String(row.day), Number(row.count)]));
}

/** The oldest request still waiting, by time, from the (status, created_at) indexes. */
export async function oldestWaiting(db: DB) {
  const [order, charge] = await Promise.all([
    db.selectFrom('orders').select(['id', 'created_at']).where('status', 'in', [...OPEN_ORDERS]).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst(),
    db.selectFrom('charges').select(['id', 'created_at']).where('status', '=', 'pending').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst(),
  ]);
  return { order: order ?? null, charge: charge ?? null };
}
