import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, makeCatalog, PUBLIC } from './operator-fixtures';

// The dashboard and the exports per storefront (issue 34): A is the provider's own store (1), B
// sells at +10 %, C at +25 %, one 10.00 product. Every figure is checked against sums worked out by
// hand from what the orders charged and kept as the provider's price.

const USD = 1_000_000;
const B_HOST = 'b.localhost';
const C_HOST = 'c.localhost';

let t: TestApp;
let op: TestUser;
let b: number;
let c: number;
let customers: Record<'a' | 'b' | 'c', TestUser>;
let productId: number;
const placed: Record<'a' | 'b' | 'c', number[]> = { a: [], b: [], c: [] };

type Json = Record<string, any>;
const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = op.token) =>
  t.request({ method, url: `${ADMIN}${url}`, token, ...(payload ? { payload } : {}) });
const today = () => new Date().toISOString().slice(0, 10);

async function dashboard(query = '', token = op.token): Promise<Json> {
  const res = await admin('GET', `/dashboard?from=${today()}&to=${today()}${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dashboard;
}

async function order(who: 'a' | 'b' | 'c', host: string, then: 'accept' | 'reject' | 'none') {
  const res = await t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    headers: { host },
    token: customers[who].token,
    payload: { playerId: '5123456789', productId },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().data.order.id;
  placed[who].push(id);
  if (then === 'accept') expect((await admin('POST', `/orders/${id}/accept`, {})).statusCode).toBe(200);
  if (then === 'reject')
    expect((await admin('POST', `/orders/${id}/reject`, { cancel_msg: 'نفدت الكمية' })).statusCode).toBe(200);
}

async function topup(user: TestUser, amount: number, status: 'success' | 'pending') {
  const bank = await t.db
    .insertInto('banks')
    .values({ name: 'بنك', img: null, info: '', iban: 'SY', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  await t.db
    .insertInto('charges')
    .values({
      user_id: user.id,
      bank_id: bank.id,
      amount,
      img_key: 'k',
      status,
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: at,
    })
    .execute();
}

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  productId = (await makeCatalog(t, op, '10.00')).product.id;
  const made = async (name: string, host: string, markup: number) => {
    const res = await admin('POST', '/storefronts', { name, hosts: [host], markup_percent: markup });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.storefront.id as number;
    // A storefront pays the provider's price from its account: funded, its customers can order.
    const funded = await admin('POST', `/storefronts/${id}/account/adjust`, { amount: '1000', reason: 'تمويل' });
    expect(funded.statusCode, funded.body).toBe(200);
    return id;
  };
  b = await made('متجر باء', B_HOST, 10);
  c = await made('متجر جيم', C_HOST, 25);
  customers = {
    a: await t.createUser({ balance: 100 * USD }),
    b: await t.createUser({ balance: 100 * USD, storefrontId: b }),
    c: await t.createUser({ balance: 100 * USD, storefrontId: c }),
  };
  // A: one sold at 10.00. B: two sold at 11.00, one refused and refunded. C: two sold at 12.50,
  // one still waiting.
  await order('a', 'localhost', 'accept');
  await order('b', B_HOST, 'accept');
  await order('b', B_HOST, 'accept');
  await order('b', B_HOST, 'reject');
  await order('c', C_HOST, 'accept');
  await order('c', C_HOST, 'accept');
  await order('c', C_HOST, 'none');
  await topup(customers.b, 30 * USD, 'success');
  await topup(customers.c, 7 * USD, 'success');
  await topup(customers.c, 5 * USD, 'pending');
});
afterAll(() => t.close());

const row = (id: number, name: string, count: number, sales: string, provider: string, margin: string) => ({
  storefront_id: id,
  name,
  count,
  sales,
  provider_price: provider,
  margin,
});

describe('the dashboard per storefront', () => {
  const expectAll = (d: Json) => {
    expect(d.storefront).toBeNull();
    expect(d.sales).toEqual({ count: 5, total: '57.00' });
    expect(d.margins.total).toEqual({ count: 5, sales: '57.00', provider_price: '50.00', margin: '7.00' });
    expect(d.margins.by_storefront).toEqual([
      row(1, expect.any(String), 1, '10.00', '10.00', '0.00'),
      row(b, 'متجر باء', 2, '22.00', '20.00', '2.00'),
      row(c, 'متجر جيم', 2, '25.00', '20.00', '5.00'),
    ]);
    expect(d.topups.approved).toEqual({ count: 2, total: '37.00' });
    expect(d.new_customers.count).toBe(3);
  };

  it('sums every storefront for the provider, with each one’s sales, provider’s price and margin', async () => {
    expectAll(await dashboard());
  });

  it('gives one storefront its own figures only', async () => {
    const d = await dashboard(`&storefront=${b}`);
    expect(d.storefront).toBe(b);
    expect(d.sales).toEqual({ count: 2, total: '22.00' });
    expect(d.sales_by_day).toEqual([{ day: today(), count: 2, total: '22.00' }]);
    const statuses = Object.fromEntries(d.orders_by_status.map((s: Json) => [s.status, s.count]));
    expect(statuses).toMatchObject({ success: 2, cancel: 1, pending: 0 });
    expect(d.top_products).toEqual([{ id: productId, name: '60 شدة', count: 2, total: '22.00' }]);
    expect(d.margins).toEqual({
      total: { count: 2, sales: '22.00', provider_price: '20.00', margin: '2.00' },
      by_storefront: [row(b, 'متجر باء', 2, '22.00', '20.00', '2.00')],
    });
    expect(d.topups).toEqual({
      approved: { count: 1, total: '30.00' },
      rejected: { count: 0, total: '0.00' },
      pending: { count: 0, total: '0.00' },
    });
    expect(d.new_customers.count).toBe(1);
    expect(d.oldest_pending.order).toBeNull();

    const onC = await dashboard(`&storefront=${c}`);
    expect(onC.margins.total).toEqual({ count: 2, sales: '25.00', provider_price: '20.00', margin: '5.00' });
    expect(onC.topups.pending).toEqual({ count: 1, total: '5.00' });
    expect(onC.oldest_pending.order.id).toBe(placed.c[2]);
    const onA = await dashboard('&storefront=1');
    expect(onA.margins.total).toEqual({ count: 1, sales: '10.00', provider_price: '10.00', margin: '0.00' });
    expect(onA.topups.approved.count).toBe(0);
  });

  it('keeps every figure when a markup or the provider’s price changes afterwards', async () => {
    expect((await admin('PATCH', `/storefronts/${b}`, { markup_percent: 50 })).statusCode).toBe(200);
    expect((await admin('PATCH', `/products/${productId}`, { price: '20.00' })).statusCode).toBe(200);
    expectAll(await dashboard());
  });

  it('answers 404 for a storefront that does not exist', async () => {
    expect((await admin('GET', '/dashboard?storefront=999')).statusCode).toBe(404);
  });
});

describe('a storefront’s staff', () => {
  let staff: TestUser;
  beforeAll(async () => {
    staff = await t.createUser({ role: 'operator' });
    await t.db.updateTable('users').set({ storefront_id: c }).where('id', '=', staff.id).execute();
  });

  it('read their storefront’s dashboard, and another storefront’s is a 404', async () => {
    for (const query of ['', `&storefront=${c}`]) {
      const d = await dashboard(query, staff.token);
      expect(d.storefront).toBe(c);
      expect(d.sales).toEqual({ count: 2, total: '25.00' });
      expect(d.margins.by_storefront).toEqual([row(c, 'متجر جيم', 2, '25.00', '20.00', '5.00')]);
    }
    for (const other of [b, 1]) {
      const res = await admin('GET', `/dashboard?storefront=${other}`, undefined, staff.token);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('export their storefront’s rows only', async () => {
    const { rows } = await download('orders.csv', staff.token);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(placed.c);
    expect((await download(`orders.csv?storefront=${b}`, staff.token)).res.statusCode).toBe(404);
    const topups = (await download('topups.csv', staff.token)).rows;
    expect(topups.slice(1).map((r) => r[5])).toEqual([String(customers.c.id), String(customers.c.id)]);
    const ledger = (await download('ledger.csv', staff.token)).rows;
    expect(new Set(ledger.slice(1).map((r) => r[3]))).toEqual(new Set([String(customers.c.id)]));
  });
});

async function download(path: string, token = op.token) {
  const res = await t.request({ method: 'GET', url: `${ADMIN}/exports/${path}`, token });
  return { res, rows: res.statusCode === 200 ? (parse(res.body.replace(/^\uFEFF/, '')) as string[][]) : [] };
}

describe('the exports per storefront', () => {
  it('write each order’s storefront, provider’s price and margin, and filter by storefront', async () => {
    const { rows } = await download('orders.csv');
    const head = rows[0]!;
    expect(head.slice(8, 15)).toEqual([
      'رقم المتجر',
      'رقم المنتج',
      'المنتج',
      'الكمية',
      'السعر (USD)',
      'سعر المزود (USD)',
      'الهامش (USD)',
    ]);
    const cells = (r: string[]) => [Number(r[0]), r[4], r[8], r[12], r[13], r[14]];
    expect(rows.slice(1).map(cells)).toEqual([
      [placed.a[0], 'success', '1', '10.00', '10.00', '0.00'],
      [placed.b[0], 'success', String(b), '11.00', '10.00', '1.00'],
      [placed.b[1], 'success', String(b), '11.00', '10.00', '1.00'],
      [placed.b[2], 'cancel', String(b), '11.00', '10.00', '1.00'],
      [placed.c[0], 'success', String(c), '12.50', '10.00', '2.50'],
      [placed.c[1], 'success', String(c), '12.50', '10.00', '2.50'],
      [placed.c[2], 'pending', String(c), '12.50', '10.00', '2.50'],
    ]);
    const onB = (await download(`orders.csv?storefront=${b}&status=success`)).rows;
    expect(onB.slice(1).map((r) => Number(r[0]))).toEqual(placed.b.slice(0, 2));
  });

  it('filter top-ups and balance movements by their customer’s storefront', async () => {
    const topups = (await download(`topups.csv?storefront=${b}`)).rows;
    expect(topups.slice(1).map((r) => [r[5], r[9]])).toEqual([[String(customers.b.id), '30.00']]);
    const ledger = (await download(`ledger.csv?storefront=${b}`)).rows;
    // The test credit, two purchases, one purchase and its refund: B's customer's only.
    expect(ledger.slice(1).map((r) => r[3])).toEqual(Array(5).fill(String(customers.b.id)));
    expect((await download('ledger.csv?storefront=999')).res.statusCode).toBe(404);
  });
});
