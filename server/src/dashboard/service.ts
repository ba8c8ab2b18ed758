import type { Dashboard, DateRangeQuery } from '@raseed/contract';
import { moneyToString, orderStatus } from '@raseed/contract';
import type { DB, Engine } from '../db/database';
import { readRange } from './date-range';
import { newCustomersBy, oldestWaiting, ordersByStatus, salesBy, type SumRow, topCategories, topProducts, topupsBy } from './repository';

const ZERO: SumRow = { count: 0, total: 0 };
const wire = (s: SumRow) => ({ count: s.count, total: moneyToString(s.total) });
const add = (a: SumRow, b: SumRow): SumRow => ({ count: a.count + b.count, total: a.total + b.total });
const hours = Array.from({ length: 24 }, (_, h) => h);
const ageSeconds = (iso: string, nowMs: number) => Math.max(0, Math.floor((nowMs - Date.parse(iso)) / 1000));

/** The operator's dashboard for a range of local days: every day and hour present, zero when quiet. */
export async function buildDashboard(db: DB, engine: Engine, query: DateRangeQuery, nowMs = Date.now()): Promise<Dashboard> {
  const range = readRange(query, nowMs);
  const [byDay, byHour, statuses, products, categories, topups, customers, oldest] = await Promise.all([
    salesBy(db, engine, range, 'day'),
    salesBy(db, engine, range, 'hour'),
    ordersByStatus(db, range),
    topProducts(db, range),
    topCategories(db, range),
    topupsBy(db, engine, range),
    newCustomersBy(db, engine, range),
    oldestWaiting(db),
  ]);

  const topupTotals = { success: ZERO, cancel: ZERO, pending: ZERO };
  const topupDays = new Map(range.days.map((d) => [d, { day: d, approved: 0, rejected: 0 }]));
  for (const t of topups) {
    topupTotals[t.status] = add(topupTotals[t.status], t);
    const day = topupDays.get(t.day);
    if (day && t.status === 'success') day.approved += t.count;
    if (day && t.status === 'cancel') day.rejected += t.count;
  }

  return {
    range: { from: range.from, to: range.to, tz: range.tz },
    sales: wire([...byDay.values()].reduce(add, ZERO)),
    sales_by_day: range.days.map((day) => ({ day, ...wire(byDay.get(day) ?? ZERO) })),
    sales_by_hour: hours.map((hour) => ({ hour, ...wire(byHour.get(String(hour).padStart(2, '0')) ?? ZERO) })),
    orders_by_status: orderStatus.options.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    top_products: products.map((p) => ({ ...p, ...wire(p) })),
    top_categories: categories.map((c) => ({ ...c, name: c.name ?? '', ...wire(c) })),
    topups: { approved: wire(topupTotals.success), rejected: wire(topupTotals.cancel), pending: wire(topupTotals.pending) },
    topups_by_day: [...topupDays.values()],
    new_customers: { count: [...customers.values()].reduce((a, b) => a + b, 0), by_day: range.days.map((day) => ({ day, count: customers.get(day) ?? 0 })) },
    oldest_pending: {
      order: oldest.order ? { id: oldest.order.id, seconds: ageSeconds(oldest.order.created_at, nowMs) } : null,
      topup: oldest.charge ? { id: oldest.charge.id, seconds: ageSeconds(oldest.charge.created_at, nowMs) } : null,
    },
  };
}
