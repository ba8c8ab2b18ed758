import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { type History, seedHistory } from './dashboard-history';
import { ADMIN } from './operator-fixtures';

let t: TestApp;
let op: TestUser;
let history: History;
const DAY = 86_400_000;
const END = Date.parse('2026-11-20T12:00:00Z');

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  history = await seedHistory(t.db, { endMs: END, days: 20, orders: 1500, charges: 300, customers: 60 });
});
afterAll(async () => {
  await t.close();
});

const cents = (micros: number) => (micros / 1_000_000).toFixed(2);
const local = (iso: string, tz: number) => new Date(Date.parse(iso) + tz * 60_000).toISOString();

/** The figures recomputed in JavaScript from every raw row, without the server's SQL. */
async function expected(from: string, to: string, tz: number) {
  const inRange = (iso: string) => {
    const day = local(iso, tz).slice(0, 10);
    return day >= from && day <= to;
  };
  const orders = (
    await t.db
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
  const charges = (await t.db.selectFrom('charges').select(['status', 'amount', 'created_at']).execute()).filter((c) =>
    inRange(c.created_at),
  );
  const users = (await t.db.selectFrom('users').select(['created_at', 'role']).execute()).filter(
    (u) => u.role === 'customer' && inRange(u.created_at),
  );
  const topup = (status: string) => {
    const rows = charges.filter((c) => c.status === status);
    return { count: rows.length, total: cents(rows.reduce((s, c) => s + c.amount, 0)) };
  };
  return { orders, sold, byDay, byHour, byProduct, byCategory, charges, users, topup };
}

async function dashboard(query: string) {
  const res = await t.request({ method: 'GET', url: `${ADMIN}/dashboard?${query}`, token: op.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dashboard;
}

describe('GET /dashboard', () => {
  it.each([
    ['UTC', '2026-11-06', '2026-11-19', 0],
    ['Damascus time (UTC+3)', '2026-11-01', '2026-11-20', 180],
    ['a zone west of UTC', '2026-11-10', '2026-11-10', -300],
    ['a half-hour zone (UTC+5:30)', '2026-11-05', '2026-11-15', 330],
    ['a 45-minute zone (UTC+5:45)', '2026-11-05', '2026-11-15', 345],
  ])('equals sums computed from the raw rows (%s)', async (_name, from, to, tz) => {
    const d = await dashboard(`from=${from}&to=${to}&tz=${tz}`);
    const e = await expected(from, to, tz);
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
      categories.map(([id, g]) => [id, history.categoryNames[id!], cents(g.total)]),
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
  });

  it('tells the age of the oldest order and top-up still waiting', async () => {
    const d = await dashboard('from=2026-11-19&to=2026-11-20');
    const order = await t.db
      .selectFrom('orders')
      .select(['id', 'created_at'])
      .where('status', 'in', ['pending', 'wait', 'request_cancel'])
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const charge = await t.db
      .selectFrom('charges')
      .select(['id', 'created_at'])
      .where('status', '=', 'pending')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    // The seed inserts rows in random time order, so the oldest is not the lowest id.
    const age = (iso: string) => Math.floor((Date.now() - Date.parse(iso)) / 1000);
    expect(d.oldest_pending.order.id).toBe(order.id);
    expect(d.oldest_pending.order.seconds).toBeGreaterThanOrEqual(age(order.created_at) - 5);
    expect(d.oldest_pending.order.seconds).toBeLessThanOrEqual(age(order.created_at));
    expect(d.oldest_pending.topup.id).toBe(charge.id);
    expect(d.oldest_pending.topup.seconds).toBeLessThanOrEqual(age(charge.created_at));
    expect(d.oldest_pending.topup.seconds).toBeGreaterThanOrEqual(age(charge.created_at) - 5);
  });

  it('defaults to the last 7 days up to today', async () => {
    const d = await dashboard('');
    const today = new Date().toISOString().slice(0, 10);
    expect(d.range.to).toBe(today);
    expect(d.sales_by_day).toHaveLength(7);
  });

  it.each([
    ['from=2026-11-20&to=2026-11-01', 'from', 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية'],
    ['from=20-11-2026', 'from', 'يرجى إدخال تاريخ بالشكل YYYY-MM-DD'],
    ['from=2026-02-30', 'from', 'يرجى إدخال تاريخ بالشكل YYYY-MM-DD'],
    ['from=2024-01-01&to=2026-01-01', 'to', 'أطول مدة ممكنة 366 يوماً'],
    ['tz=abc', 'tz', 'يرجى إدخال فرق التوقيت بالدقائق'],
  ])('refuses %s with 422 and an Arabic message on the field', async (query, field, text) => {
    const res = await t.request({ method: 'GET', url: `${ADMIN}/dashboard?${query}`, token: op.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([text]);
  });

  it('is for operators only', async () => {
    const customer = await t.createUser();
    expect((await t.request({ method: 'GET', url: `${ADMIN}/dashboard`, token: customer.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${ADMIN}/dashboard` })).statusCode).toBe(401);
  });
});
