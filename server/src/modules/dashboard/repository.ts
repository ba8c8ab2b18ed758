import type { DB } from '../../db/database';
import { utcBucket } from './bucket-queries';
import {
  summaryChargeBuckets,
  summaryCustomerBuckets,
  summaryOrderBuckets,
  summaryProductTotals,
} from './summary-queries';
import type { Range } from './date-range';

/**
 * The dashboard's reads: what was created before `until` from the summaries (summary-queries.ts),
 * the rest by one grouped scan of a range over an index led by `created_at` (covering), and the
 * grouping into local days, hours and categories done on the groups that come back. Hourly
 * summaries serve a zone a whole number of hours off UTC (its days start on a UTC hour); a
 * half-hour zone reads the tables for the whole range.
 */

const OPEN_ORDERS = ['pending', 'wait', 'request_cancel'] as const;

export type SumRow = { count: number; total: number };
const sums = (r: { count: unknown; total: unknown }): SumRow => ({
  count: Number(r.count ?? 0),
  total: Number(r.total ?? 0),
});

type Window = { start: string; end: string };

/** Where hourly summaries stop for this range: undefined when none serve it. */
function hourCut(r: Range, until: string): string | undefined {
  if (r.tz % 60 !== 0) return undefined;
  const cut = until < r.end ? until : r.end;
  return cut > r.start ? cut : undefined;
}

/** [cut, end) of the range, read from the tables; none when the summaries cover it all. */
const rest = (r: Range, cut: string | undefined): Window[] => {
  const start = cut ?? r.start;
  return start < r.end ? [{ start, end: r.end }] : [];
};

/** One storefront's rows, or every storefront's (null). */
export type Store = number | null;

/** What is sold, by its table, and the summary of its older hours. */
const SOLD = { orders: 'orders_by_hour', number_activations: 'numbers_by_hour' } as const;
type Sold = keyof typeof SOLD;

/** Orders per UTC hour, storefront and status, with their price and the provider's price. */
export const orderBuckets = (db: DB, store: Store, r: Range, until: string) =>
  soldBuckets(db, 'orders', store, r, until);

/** Number purchases, the same way: the margins count them beside the orders. */
export const numberBuckets = (db: DB, store: Store, r: Range, until: string) =>
  soldBuckets(db, 'number_activations', store, r, until);

async function soldBuckets(db: DB, table: Sold, store: Store, r: Range, until: string) {
  const cut = hourCut(r, until);
  const parts = await Promise.all([
    cut ? summaryOrderBuckets(db, store, r.start, cut, SOLD[table]) : [],
    ...rest(r, cut).map((w) => tableSoldBuckets(db, table, store, w, r.tz)),
  ]);
  return parts.flat();
}

async function tableSoldBuckets(db: DB, table: Sold, store: Store, w: Window, tz: number) {
  const bucket = utcBucket('created_at', tz);
  const rows = await db
    .selectFrom(table)
    .select((eb) => [
      bucket.as('bucket'),
      'storefront_id',
      'status',
      eb.fn.countAll().as('count'),
      eb.fn.sum('price').as('total'),
      eb.fn.sum(eb.fn.coalesce('provider_price', 'price')).as('provider_total'),
    ])
    .where('created_at', '>=', w.start)
    .where('created_at', '<', w.end)
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .groupBy([bucket, 'storefront_id', 'status'])
    .execute();
  return rows.map((row) => ({
    bucket: String(row.bucket),
    storefront_id: Number(row.storefront_id),
    status: row.status as string,
    provider_total: Number(row.provider_total ?? 0),
    ...sums(row),
  }));
}

/** Top-ups per UTC hour and status with their amount: a storefront's are its customers'. */
export async function chargeBuckets(db: DB, store: Store, r: Range, until: string) {
  const cut = hourCut(r, until);
  const parts = await Promise.all([
    cut ? summaryChargeBuckets(db, store, r.start, cut) : [],
    ...rest(r, cut).map((w) => tableChargeBuckets(db, store, w, r.tz)),
  ]);
  return parts.flat();
}

async function tableChargeBuckets(db: DB, store: Store, w: Window, tz: number) {
  const bucket = utcBucket('charges.created_at', tz);
  const rows = await db
    .selectFrom('charges')
    .select((eb) => [
      bucket.as('bucket'),
      'charges.status',
      eb.fn.countAll().as('count'),
      eb.fn.sum('charges.amount').as('total'),
    ])
    .where('charges.created_at', '>=', w.start)
    .where('charges.created_at', '<', w.end)
    // Every storefront's read stays on the top-ups' covering index, without the join.
    .$if(store !== null, (q) =>
      q.where('charges.user_id', 'in', (eb) =>
        eb.selectFrom('users').select('users.id').where('users.storefront_id', '=', store!),
      ),
    )
    .groupBy([bucket, 'charges.status'])
    .execute();
  return rows.map((row) => ({ bucket: String(row.bucket), status: row.status as string, ...sums(row) }));
}

const DAY_MS = 86_400_000;
const dayFloor = (iso: string) => `${iso.slice(0, 10)}T00:00:00.000Z`;
const dayCeil = (iso: string) =>
  iso === dayFloor(iso) ? iso : new Date(Date.parse(dayFloor(iso)) + DAY_MS).toISOString();

/** Accepted orders per product in [start, end), from the table. */
async function tableProductTotals(db: DB, store: Store, w: Window) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['product_id', eb.fn.countAll().as('count'), eb.fn.sum('price').as('total')])
    .where('created_at', '>=', w.start)
    .where('created_at', '<', w.end)
    .where('status', '=', 'success')
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .groupBy('product_id')
    .execute();
  return rows.map((row) => ({ product_id: Number(row.product_id), ...sums(row) }));
}

/**
 * Accepted orders per product, with the category the product sits in (directly or by department):
 * the whole UTC days before `until` from the daily summary, the hours at either end from the table.
 */
export async function productSales(db: DB, store: Store, r: Range, until: string) {
  const first = dayCeil(r.start);
  const last = until < dayFloor(r.end) ? until : dayFloor(r.end);
  const windows =
    first < last
      ? [
          { start: r.start, end: first },
          { start: last, end: r.end },
        ]
      : [r];
  const parts = await Promise.all([
    first < last ? summaryProductTotals(db, store, first, last) : [],
    ...windows.filter((w) => w.start < w.end).map((w) => tableProductTotals(db, store, w)),
  ]);
  const totals = new Map<number, SumRow>();
  for (const p of parts.flat()) {
    const t = totals.get(p.product_id) ?? { count: 0, total: 0 };
    t.count += p.count;
    t.total += p.total;
    totals.set(p.product_id, t);
  }
  const rows = [...totals].map(([product_id, t]) => ({ product_id, ...t }));
  const ids = rows.map((row) => row.product_id);
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
      count: row.count,
      total: row.total,
    };
  });
}

export async function customerBuckets(db: DB, store: Store, r: Range, until: string) {
  const cut = hourCut(r, until);
  const parts = await Promise.all([
    cut ? summaryCustomerBuckets(db, store, r.start, cut) : [],
    ...rest(r, cut).map((w) => tableCustomerBuckets(db, store, w, r.tz)),
  ]);
  return parts.flat();
}

async function tableCustomerBuckets(db: DB, store: Store, w: Window, tz: number) {
  const bucket = utcBucket('created_at', tz);
  const rows = await db
    .selectFrom('users')
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll().as('count')])
    .where('created_at', '>=', w.start)
    .where('created_at', '<', w.end)
    .where('role', '=', 'customer')
    .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
    .groupBy(bucket)
    .execute();
  return rows.map((row) => ({ bucket: String(row.bucket), count: Number(row.count) }));
}

/** The oldest request still waiting, by time, from the (status, created_at) indexes. */
export async function oldestWaiting(db: DB, store: Store) {
  const [order, charge] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('status', 'in', [...OPEN_ORDERS])
      .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('charges')
      .select(['id', 'created_at'])
      .where('status', '=', 'pending')
      .$if(store !== null, (q) =>
        q.where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('users.id').where('users.storefront_id', '=', store!),
        ),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { order: order ?? null, charge: charge ?? null };
}

/** How many orders or top-up requests are in these statuses (what waits for an operator). */
/** Rows in these statuses; `store`: only one storefront's (a top-up is its customer's storefront's). */
export async function countByStatus(
  db: DB,
  table: 'charges' | 'orders',
  statuses: string[],
  store: Store,
): Promise<number> {
  const row =
    table === 'orders'
      ? await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', statuses as never[])
          .$if(store !== null, (q) => q.where('storefront_id', '=', store!))
          .executeTakeFirstOrThrow()
      : await db
          .selectFrom('charges')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', statuses as never[])
          .$if(store !== null, (q) =>
            q.where('user_id', 'in', db.selectFrom('users').select('id').where('storefront_id', '=', store!)),
          )
          .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The storefronts a dashboard lists margins for, by id: the one asked for, or every one. */
export async function storefrontNames(db: DB, store: Store) {
  const rows = await db
    .selectFrom('storefronts')
    .select(['id', 'name'])
    .$if(store !== null, (q) => q.where('id', '=', store!))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}
