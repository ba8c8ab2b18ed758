import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { utcBucket } from './bucket-queries';
import type { Range } from './date-range';

/**
 * The dashboard's reads: each is one grouped scan of a range over an index led by `created_at`
 * (covering, for orders), and the grouping into local days, hours and categories is done on the
 * few hundred groups that come back.
 */

const OPEN_ORDERS = ['pending', 'wait', 'request_cancel'] as const;

export type SumRow = { count: number; total: number };
const sums = (r: { count: unknown; total: unknown }): SumRow => ({
  count: Number(r.count ?? 0),
  total: Number(r.total ?? 0),
});

/** Orders (with their price) or top-ups (with their amount) per UTC hour and status. */
export async function statusBuckets(db: DB, table: 'orders' | 'charges', r: Range) {
  const bucket = utcBucket('created_at', r.tz);
  const money = sql.ref(table === 'orders' ? 'price' : 'amount');
  const rows = await db
    .selectFrom(table)
    .select((eb) => [
      bucket.as('bucket'),
      sql<string>`status`.as('status'),
      eb.fn.countAll().as('count'),
      sql`sum(${money})`.as('total'),
    ])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .groupBy([bucket, 'status'])
    .execute();
  return rows.map((row) => ({ bucket: String(row.bucket), status: row.status, ...sums(row) }));
}

/** Accepted orders per product, with the category the product sits in (directly or by department). */
export async function productSales(db: DB, r: Range) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['product_id', eb.fn.countAll().as('count'), eb.fn.sum('price').as('total')])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .where('status', '=', 'success')
    .groupBy('product_id')
    .execute();
  const ids = rows.map((row) => Number(row.product_id));
  const places = ids.length
    ? await db
        .selectFrom('products')
        .leftJoin('departments', 'departments.id', 'products.department_id')
        .leftJoin('categories', (j) =>
          j.onRef('categories.id', '=', (eb) => eb.fn.coalesce('products.category_id', 'departments.category_id')),
        )
        .select(['products.id', 'products.name', 'categories.id as category_id', 'categories.name as category_name'])
        .where('products.id', 'in', ids)
        .execute()
    : [];
  const place = new Map(places.map((p) => [Number(p.id), p]));
  return rows.map((row) => {
    const p = place.get(Number(row.product_id));
    return {
      id: Number(row.product_id),
      name: p?.name ?? '',
      category: p?.category_id ? { id: Number(p.category_id), name: p.category_name ?? '' } : null,
      ...sums(row),
    };
  });
}

export async function customerBuckets(db: DB, r: Range) {
  const bucket = utcBucket('created_at', r.tz);
  const rows = await db
    .selectFrom('users')
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll().as('count')])
    .where('created_at', '>=', r.start)
    .where('created_at', '<', r.end)
    .where('role', '=', 'customer')
    .groupBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: String(row.bucket), count: Number(row.count) }));
}

/** The oldest request still waiting, by time, from the (status, created_at) indexes. */
export async function oldestWaiting(db: DB) {
  const [order, charge] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('status', 'in', [...OPEN_ORDERS])
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('charges')
      .select(['id', 'created_at'])
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { order: order ?? null, charge: charge ?? null };
}

/** How many orders or top-up requests are in these statuses (what waits for an operator). */
export async function countByStatus(db: DB, table: 'charges' | 'orders', statuses: string[]): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', statuses as never[])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
