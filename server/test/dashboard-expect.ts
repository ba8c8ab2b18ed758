import { expect } from 'vitest';
import type { DB } from '../src/db/database';

/** The dashboard's figures recomputed in JavaScript from every raw row, and compared with a reply. */

const cents = (micros: number) => (micros / 1_000_000).toFixed(2);
const local = (iso: string, tz: number) => new Date(Date.parse(iso) + tz * 60_000).toISOString();

/** The figures recomputed in JavaScript from every raw row, without the server's SQL. */
async function expected(db: DB, from: string, to: string, tz: number) {
  const inRange = (iso: string) => {
    const day = local(iso, tz).slice(0, 10);
    return day >= from && day <= to;
  };
  const orders = (
    await db
      .selectFrom('orders')
      .leftJoin('products', 'products.id', 'orders.product_id')
      .leftJoin('departments', 'departments.id', 'products.department_id')
      .select([
        'orders.status',
        'orders.price',
        'orders.created_at',
        'orders.product_id',
        'orders.product_name',
        'products.category_id',
        'departments.category_id as dept_category',
      ])
      .execute()
  ).filter((o) => inRange(o.created_at));
  const sold = orders.filter((o) => o.status === 'success');
  const group = <K>(rows: typeof sold, key: (o: (typeof sold)[number]) => K) => {
    const m = new Map<K, { count: number; total: number }>();
    for (const o of rows) {
      const g = m.get(key(o)) ?? { count: 0, total: 0 };
      g.count += 1;
      g.total += o.price;
      m.set(key(o), g);
    }
    return m;
  };
  const byDay = group(sold, (o) => local(o.created_at, tz).slice(0, 10));
  const byHour = group(sold, (o) => Number(local(o.created_at, tz).slice(11, 13)));
  const byProduct = group(sold, (o) => o.product_id);
  const byCategory = group(sold, (o) => o.category_id ?? o.dept_category);
  const charges = (await db.selectFrom('charges').select(['status', 'amount', 'created_at']).execute()).filter((c) =>
    inRange(c.created_at),
  );
  const users = (await db.selectFrom('users').select(['created_at', 'role']).execute()).filter(
    (u) => u.role === 'customer' && inRange(u.created_at),
  );
  const topup = (status: string) => {
    const rows = charges.filter((c) => c.status === status);
    return { count: rows.length, total: cents(rows.reduce((s, c) => s + c.amount, 0)) };
  };
  return { orders, sold, byDay, byHour, byProduct, byCategory, charges, users, topup };
}

type Dashboard = Record<string, any>;
const DAY = 86_400_000;

/** Every figure of `d` equals the same figure recomputed from the rows. */
export async function expectFromRows(
  db: DB,
  d: Dashboard,
  q: { from: string; to: string; tz: number },
  categoryNames: Record<number, string>,
): Promise<void> {
  const { from, to, tz } = q;
  const e = await expected(db, from, to, tz);
  expect(d.range).toEqual({ from, to, tz });

  expect(d.sales).toEqual({ count: e.sold.length, total: cents(e.sold.reduce((s, o) => s + o.price, 0)) });
  expect(d.sales_by_day).toHaveLength((Date.parse(to) - Date.parse(from)) / DAY + 1);
  for (const row of d.sales_by_day) {
    const g = e.byDay.get(row.day) ?? { count: 0, total: 0 };
    expect(row, row.day).toEqual({ day: row.day, count: g.count, total: cents(g.total) });
  }
  expect(d.sales_by_hour.map((h: { hour: number }) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
  for (const row of d.sales_by_hour) {
    const g = e.byHour.get(row.hour) ?? { count: 0, total: 0 };
    expect(row).toEqual({ hour: row.hour, count: g.count, total: cents(g.total) });
  }
  for (const { status, count } of d.orders_by_status)
    expect(count, status).toBe(e.orders.filter((o) => o.status === status).length);
  expect(d.orders_by_status.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(e.orders.length);

  const products = [...e.byProduct.entries()].sort((a, b) => b[1].total - a[1].total);
  expect(d.top_products.map((p: { id: number; count: number; total: string }) => [p.id, p.count, p.total])).toEqual(
    products.map(([id, g]) => [id, g.count, cents(g.total)]),
  );
  const categories = [...e.byCategory.entries()].sort((a, b) => b[1].total - a[1].total);
  expect(d.top_categories.map((c: { id: number; name: string; total: string }) => [c.id, c.name, c.total])).toEqual(
    categories.map(([id, g]) => [id, categoryNames[id!], cents(g.total)]),
  );

  expect(d.topups).toEqual({
    approved: e.topup('success'),
    rejected: e.topup('cancel'),
    pending: e.topup('pending'),
  });
  const approvedDays = d.topups_by_day.reduce((s: number, r: { approved: number }) => s + r.approved, 0);
  expect(approvedDays).toBe(e.topup('success').count);
  expect(d.new_customers.count).toBe(e.users.length);
  expect(d.new_customers.by_day.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(e.users.length);
}
