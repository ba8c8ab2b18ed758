import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './helper';
import { buy, closeWorld, type NumbersWorld, numbersWorld, purchase, until } from './numbers-fixtures';
import { ADMIN, PUBLIC } from './operator-fixtures';

// A number bought on storefront B (+10 %: 1.38 for the provider's 1.25) in the operator's list of
// purchases, per storefront and for each storefront's staff, and in the dashboard's margins and the
// numbers export once its code came. The provider's own store sells the same number at 1.25.

const USD = 1_000_000;
const B = 'b.localhost';
const C = 'c.localhost';
type Json = Record<string, any>;

let w: NumbersWorld;
let b: number;
let c: number;
let staffB: TestUser;
let staffC: TestUser;
/** On B: one whose code comes, one cancelled; on the provider's store: one whose code comes. */
let sold: { id: number };
let cancelled: { id: number };
let own: { id: number };
let onB: TestUser;
let onProvider: TestUser;

const admin = (method: 'GET' | 'POST', url: string, token = w.op.token, payload?: object) =>
  w.t.request({ method, url: `${ADMIN}${url}`, token, ...(payload ? { payload } : {}) });
const today = () => new Date().toISOString().slice(0, 10);

async function storefront(name: string, host: string) {
  const made = await admin('POST', '/storefronts', w.op.token, { name, hosts: [host], markup_percent: 10 });
  expect(made.statusCode, made.body).toBe(201);
  const id: number = made.json().data.storefront.id;
  // A storefront pays the provider's price from its account: funded, its customers can buy.
  const funded = await admin('POST', `/storefronts/${id}/account/adjust`, w.op.token, {
    amount: '100',
    reason: 'تمويل',
  });
  expect(funded.statusCode, funded.body).toBe(200);
  return id;
}

/** The list's purchases (id, storefront, price, provider's price) as `token` reads them. */
async function listed(query = '', token = w.op.token) {
  const res = await admin('GET', `/numbers/purchases${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.purchases as Json[]).map((p) => [p.id, p.storefront_id, p.price, p.provider_price]);
}

async function margins(query = '', token = w.op.token): Promise<Json> {
  const res = await admin('GET', `/dashboard?from=${today()}&to=${today()}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.dashboard.margins;
}

async function download(query = '', token = w.op.token) {
  const res = await admin('GET', `/exports/numbers.csv?from=${today()}&to=${today()}${query}`, token);
  return { res, rows: res.statusCode === 200 ? (parse(res.body.replace(/^\uFEFF/, '')) as string[][]) : [] };
}

/** A customer's purchase, read on the customer's storefront. */
const read = (customer: TestUser, id: number) => purchase(w, customer, id, customer === onB ? { host: B } : {});

/** The provider sends the number's SMS; the worker brings the code in. */
async function codeComes(customer: TestUser, id: number) {
  const phone = (await read(customer, id)).phone;
  const rented = w.stub.rented().find((a) => a.phone === phone)!;
  rented.status = 'ok';
  rented.codes.push('482913');
  await until(w, async () => (await read(customer, id)).status === 'received');
}

beforeAll(async () => {
  w = await numbersWorld();
  b = await storefront('متجر باء', B);
  c = await storefront('متجر جيم', C);
  staffB = await w.t.createUser({ role: 'operator', storefrontId: b });
  staffC = await w.t.createUser({ role: 'operator', storefrontId: c });
  // No SMS until the test sends one: every purchase waits for its code.
  w.stub.reset({ smsAfterMs: null });
  onB = await w.t.createUser({ balance: 10 * USD, storefrontId: b });
  onProvider = await w.t.createUser({ balance: 10 * USD });
  sold = await buy(w, onB, { host: B });
  cancelled = await buy(w, onB, { host: B });
  own = await buy(w, onProvider);
  for (const [who, p] of [
    [onB, sold],
    [onB, cancelled],
    [onProvider, own],
  ] as const)
    await until(w, async () => (await read(who, p.id)).phone !== null);
  // While they wait, none is sold yet: a waiting number may still be refunded.
  expect((await margins()).total).toEqual({ count: 0, sales: '0.00', provider_price: '0.00', margin: '0.00' });
  const cancel = await w.t.request({
    method: 'POST',
    url: `${PUBLIC}/numbers/${cancelled.id}/cancel`,
    headers: { host: B },
    token: onB.token,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await codeComes(onB, sold.id);
  await codeComes(onProvider, own.id);
});
afterAll(() => closeWorld(w));

describe('the operator’s list of number purchases', () => {
  it('shows each purchase’s storefront, the price charged and the provider’s price', async () => {
    expect(await listed()).toEqual([
      [own.id, 1, '1.25', '1.25'],
      [cancelled.id, b, '1.38', '1.25'],
      [sold.id, b, '1.38', '1.25'],
    ]);
    const one = await admin('GET', `/numbers/purchases/${sold.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.purchase).toMatchObject({
      id: sold.id,
      storefront_id: b,
      status: 'received',
      price: '1.38',
      provider_price: '1.25',
    });
  });

  it('lists one storefront’s purchases with ?storefront=, and a storefront that does not exist is a 404', async () => {
    expect((await listed(`?storefront=${b}`)).map((p) => p[0])).toEqual([cancelled.id, sold.id]);
    expect((await listed('?storefront=1')).map((p) => p[0])).toEqual([own.id]);
    expect(await listed(`?storefront=${c}`)).toEqual([]);
    expect((await listed(`?storefront=${b}&status=received`)).map((p) => p[0])).toEqual([sold.id]);
    const none = await admin('GET', '/numbers/purchases?storefront=999');
    expect(none.statusCode, none.body).toBe(404);
    expect(none.json().msg).toMatch(/[\u0600-\u06FF]/);
  });

  it('shows a storefront’s staff their storefront’s purchases only; another’s is a 404', async () => {
    for (const query of ['', `?storefront=${b}`])
      expect((await listed(query, staffB.token)).map((p) => p[0])).toEqual([cancelled.id, sold.id]);
    expect((await admin('GET', `/numbers/purchases/${sold.id}`, staffB.token)).statusCode).toBe(200);

    expect(await listed('', staffC.token)).toEqual([]);
    for (const url of [`/numbers/purchases/${sold.id}`, `/numbers/purchases?storefront=${b}`, '/numbers/purchases/1']) {
      const res = await admin('GET', url, staffC.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
      expect(res.body).not.toContain('1.38');
    }
    // Refunding is the provider's: a 403 for staff, even on their own storefront's purchase.
    const refund = await admin('POST', `/numbers/purchases/${sold.id}/refund`, staffB.token);
    expect(refund.statusCode, refund.body).toBe(403);
  });
});

describe('number purchases in the dashboard’s margins', () => {
  it('count a number whose code came at its price and provider’s price; a cancelled one counts in none', async () => {
    const m = await margins();
    expect(m.total).toEqual({ count: 2, sales: '2.63', provider_price: '2.50', margin: '0.13' });
    expect(m.by_storefront).toEqual([
      { storefront_id: 1, name: expect.any(String), count: 1, sales: '1.25', provider_price: '1.25', margin: '0.00' },
      { storefront_id: b, name: 'متجر باء', count: 1, sales: '1.38', provider_price: '1.25', margin: '0.13' },
      { storefront_id: c, name: 'متجر جيم', count: 0, sales: '0.00', provider_price: '0.00', margin: '0.00' },
    ]);
    const onB = { count: 1, sales: '1.38', provider_price: '1.25', margin: '0.13' };
    expect((await margins(`&storefront=${b}`)).total).toEqual(onB);
    expect((await margins('', staffB.token)).by_storefront).toEqual([{ storefront_id: b, name: 'متجر باء', ...onB }]);
    expect((await margins('', staffC.token)).total.count).toBe(0);
  });
});

describe('the numbers export', () => {
  it('writes each purchase’s storefront, price, provider’s price and margin, and filters by storefront', async () => {
    const { res, rows } = await download();
    expect(res.statusCode, res.body).toBe(200);
    expect(rows[0]!.slice(8, 13)).toEqual(['رقم المتجر', 'الخدمة', 'السعر (USD)', 'سعر المزود (USD)', 'الهامش (USD)']);
    const cells = (r: string[]) => [Number(r[0]), r[3], r[4], r[8], r[10], r[11], r[12]];
    expect(rows.slice(1).map(cells)).toEqual([
      [sold.id, 'وصل الكود', 'received', String(b), '1.38', '1.25', '0.13'],
      [cancelled.id, 'ملغي', 'cancelled', String(b), '1.38', '1.25', '0.13'],
      [own.id, 'وصل الكود', 'received', '1', '1.25', '1.25', '0.00'],
    ]);
    const onB = (await download(`&storefront=${b}&status=received`)).rows;
    expect(onB.slice(1).map((r) => Number(r[0]))).toEqual([sold.id]);
  });

  it('gives a storefront’s staff their storefront’s purchases only', async () => {
    expect((await download('', staffB.token)).rows.slice(1).map((r) => Number(r[0]))).toEqual([sold.id, cancelled.id]);
    expect((await download('', staffC.token)).rows.slice(1)).toEqual([]);
    expect((await download(`&storefront=${b}`, staffC.token)).res.statusCode).toBe(404);
  });
});
