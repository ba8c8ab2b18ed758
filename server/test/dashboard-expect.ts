import { expect } from 'vitest';
import type { DB } from '../src/db/database';

/** The dashboard's figures recomputed in JavaScript from every raw row, and compared with a reply. */

const cents = (micros: number) => (micros / 1_000_000).toFixed(2);
const local = (iso: string, tz: number) => new Date(Date.parse(iso) + tz * 60_000).toISOString();

/** The figures recomputed in JavaScript from every raw row, without the server's SQL. */
async function expected(db: DB, from: string, to: string, tz: number, store?: number) {
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
        'orders.provider_price',
        'orders.storefront_id',
        'orders.created_at',
        'orders.product_id',
        'orders.product_name',
        'products.category_id',
        'departments.category_id as dept_category',
      ])
      .execute()
  ).filter((o) => inRange(o.created_at) && (store === undefined || Number(o.storefront_id) === store));
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
  // A top-up's storefront is its customer's.
  const charges = (
    await db
      .selectFrom('charges')
      .innerJoin('users', 'users.id', 'charges.user_id')
      .select(['charges.status', 'charges.amount', 'charges.created_at', 'users.storefront_id'])
      .execute()
  ).filter((c) => inRange(c.created_at) && (store === undefined || Number(c.storefront_id) === store));
  const users = (await db.selectFrom('users').select(['created_at', 'role', 'storefront_id']).execute()).filter(
    (u) => u.role === 'customer' && inRange(u.created_at) && (store === undefined || Number(u.storefront_id) === store),
  );
  const topup = (status: string) => {
    const rows = charges.filter((c) => c.status === status);
    return { count: rows.length, total: cents(rows.reduce((s, c) => s + c.amount, 0)) };
  };
  // Number purchases count in the margins once their code came (received), never refunded after.
  const numbers = (
    await db
      .selectFrom('number_activations')
      .select(['status', 'price', 'provider_price', 'storefront_id', 'created_at'])
      .execute()
  ).filter(
    (n) =>
      n.status === 'received' && inRange(n.created_at) && (store === undefined || Number(n.storefront_id) === store),
  );
  return { orders, sold, numbers, byDay, byHour, byProduct, byCategory, charges, users, topup };
}

type Dashboard = Record<string, any>;
const DAY = 86_400_000;

/** Every figure of `d` equals the same figure recomputed from the rows. */
export async function expectFromRows(
  db: DB,
  d: Dashboard,
  q: { from: string; to: string; tz: number; storefront?: number },
  categoryNames: Record<number, string>,
): Promise<void> {
  const { from, to, tz, storefront } = q;
  const e = await expected(db, from, to, tz, storefront);
  expect(d.range).toEqual({ from, to, tz });
  expect(d.storefront).toBe(storefront ?? null);

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

  // Margins from each order's and number's own price and provider's price (null: its price).
  type Priced = { price: number; provider_price: number | null; storefront_id: number };
  const margin = (rows: Priced[]) => {
    const sales = rows.reduce((s, o) => s + o.price, 0);
    const provider = rows.reduce((s, o) => s + (o.provider_price ?? o.price), 0);
    return {
      count: rows.length,
      sales: cents(sales),
      provider_price: cents(provider),
      margin: cents(sales - provider),
    };
  };
  const sold: Priced[] = [...e.sold, ...e.numbers];
  expect(d.margins.total).toEqual(margin(sold));
  if (storefront !== undefined)
    expect(d.margins.by_storefront.map((r: { storefront_id: number }) => r.storefront_id)).toEqual([storefront]);
  for (const { storefront_id, name: _name, ...figures } of d.margins.by_storefront)
    expect(figures, `storefront ${storefront_id}`).toEqual(
      margin(sold.filter((o) => Number(o.storefront_id) === storefront_id)),
    );
}
