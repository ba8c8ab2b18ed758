import type { Dashboard, DateRangeQuery } from '@raseed/contract';
import { moneyToString, orderStatus } from '@raseed/contract';
import type { DB } from '../../db/database';
import { localOf } from './bucket-queries';
import { readRange } from './date-range';
import { summariesUpTo } from './summaries';
import { margins } from './margins';
import {
  chargeBuckets,
  customerBuckets,
  numberBuckets,
  oldestWaiting,
  orderBuckets,
  productSales,
  type Store,
  storefrontNames,
  type SumRow,
} from './repository';

const TOP = 10;
const ZERO: SumRow = { count: 0, total: 0 };
const wire = (s: SumRow) => ({ count: s.count, total: moneyToString(s.total) });
const ageSeconds = (iso: string, nowMs: number) => Math.max(0, Math.floor((nowMs - Date.parse(iso)) / 1000));
const byTotal = (a: SumRow & { id: number | null }, b: SumRow & { id: number | null }) =>
  b.total - a.total || (a.id ?? 0) - (b.id ?? 0);

/** Adds a group's count and money into a map of sums. */
function addTo<K>(map: Map<K, SumRow>, key: K, s: SumRow) {
  const g = map.get(key) ?? { ...ZERO };
  g.count += s.count;
  g.total += s.total;
  map.set(key, g);
}

/**
 * The operator's dashboard for a range of local days: every day and hour present, zero when quiet.
 * `store`: one storefront's figures (its orders, its customers and their top-ups), or null for
 * every storefront's together, with the margins of each (its orders and number purchases).
 */
export async function buildDashboard(
  db: DB,
  query: DateRangeQuery,
  store: Store,
  nowMs = Date.now(),
): Promise<Dashboard> {
  const range = readRange(query, nowMs);
  const until = await summariesUpTo(db, nowMs);
  const [orders, numbers, products, charges, customers, oldest, names] = await Promise.all([
    orderBuckets(db, store, range, until),
    numberBuckets(db, store, range, until),
    productSales(db, store, range, until),
    chargeBuckets(db, store, range, until),
    customerBuckets(db, store, range, until),
    oldestWaiting(db, store),
    storefrontNames(db, store),
  ]);

  const salesDay = new Map<string, SumRow>();
  const salesHour = new Map<number, SumRow>();
  const statuses = new Map<string, number>();
  for (const o of orders) {
    statuses.set(o.status, (statuses.get(o.status) ?? 0) + o.count);
    if (o.status !== 'success') continue;
    const { day, hour } = localOf(o.bucket, range.tz);
    addTo(salesDay, day, o);
    addTo(salesHour, hour, o);
  }

  const categories = new Map<number | null, SumRow & { id: number | null; name: string }>();
  for (const p of products) {
    const key = p.category?.id ?? null;
    const c = categories.get(key) ?? { id: key, name: p.category?.name ?? '', ...ZERO };
    c.count += p.count;
    c.total += p.total;
    categories.set(key, c);
  }

  const topupTotals = new Map<string, SumRow>();
  const topupDays = new Map(range.days.map((d) => [d, { day: d, approved: 0, rejected: 0 }]));
  for (const c of charges) {
    addTo(topupTotals, c.status, c);
    const day = topupDays.get(localOf(c.bucket, range.tz).day);
    if (day && c.status === 'success') day.approved += c.count;
    if (day && c.status === 'cancel') day.rejected += c.count;
  }

  const newDays = new Map<string, number>();
  for (const c of customers) {
    const { day } = localOf(c.bucket, range.tz);
    newDays.set(day, (newDays.get(day) ?? 0) + c.count);
  }

  return {
    range: { from: range.from, to: range.to, tz: range.tz },
    storefront: store,
    sales: wire(
      [...salesDay.values()].reduce((a, b) => ({ count: a.count + b.count, total: a.total + b.total }), ZERO),
    ),
    sales_by_day: range.days.map((day) => ({ day, ...wire(salesDay.get(day) ?? ZERO) })),
    sales_by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, ...wire(salesHour.get(hour) ?? ZERO) })),
    orders_by_status: orderStatus.options.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    top_products: products
      .sort(byTotal)
      .slice(0, TOP)
      .map((p) => ({ id: p.id, name: p.name, ...wire(p) })),
    top_categories: [...categories.values()]
      .sort(byTotal)
      .slice(0, TOP)
      .map((c) => ({ id: c.id, name: c.name, ...wire(c) })),
    topups: {
      approved: wire(topupTotals.get('success') ?? ZERO),
      rejected: wire(topupTotals.get('cancel') ?? ZERO),
      pending: wire(topupTotals.get('pending') ?? ZERO),
    },
    topups_by_day: [...topupDays.values()],
    new_customers: {
      count: [...newDays.values()].reduce((a, b) => a + b, 0),
      by_day: range.days.map((day) => ({ day, count: newDays.get(day) ?? 0 })),
    },
    margins: margins(orders, numbers, names),
    oldest_pending: {
      order: oldest.order ? { id: oldest.order.id, seconds: ageSeconds(oldest.order.created_at, nowMs) } : null,
      topup: oldest.charge ? { id: oldest.charge.id, seconds: ageSeconds(oldest.charge.created_at, nowMs) } : null,
    },
  };
}
