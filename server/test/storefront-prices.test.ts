import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, balanceOf, makeCatalog, PUBLIC } from './operator-fixtures';

// A storefront sells the provider's catalog at its own prices (issue 34, second slice): its
// markup, its own markup for a category or a product, what it hides; what its customers read and
// are charged, and what the order keeps. Storefront A is the provider's own (1), B marks up 10 %.

const USD = 1_000_000;
const A = 'localhost';
const B = 'b.localhost';
const ARABIC = /[\u0600-\u06FF]/;

let t: TestApp;
let op: TestUser;
let b: number;
let catalog: Awaited<ReturnType<typeof makeCatalog>>;

type Json = Record<string, any>;
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `${ADMIN}${url}`, token: op.token, ...(payload ? { payload } : {}) });
/** One person shopping on A and on B: an account on each, since an account belongs to one storefront. */
type Shopper = Record<string, TestUser>;
const shopper = async (o: { balance?: number } = {}): Promise<Shopper> => ({
  [A]: await t.createUser(o),
  [B]: await t.createUser({ ...o, storefrontId: b }),
});
const read = (host: string, url: string, who?: Shopper) =>
  t.request({ method: 'GET', url: `${PUBLIC}${url}`, headers: { host }, ...(who ? { token: who[host]!.token } : {}) });
const product = async (host: string, id: number): Promise<Json> => {
  const res = await read(host, `/products/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.product;
};
const order = (host: string, who: Shopper, productId: number, extra: object = {}) =>
  t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    headers: { host },
    token: who[host]!.token,
    payload: { playerId: '5123456789', productId, ...extra },
  });
const newProduct = async (fields: object): Promise<number> => {
  const res = await admin('POST', '/products', { department_id: catalog.department.id, name: 'منتج', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.id;
};
const stored = (id: number) =>
  t.db
    .selectFrom('orders')
    .select(['storefront_id', 'price', 'provider_price', 'price_syr', 'price_tr'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => ({
      storefront_id: Number(r.storefront_id),
      price: Number(r.price),
      provider_price: Number(r.provider_price),
      price_syr: Number(r.price_syr),
      price_tr: Number(r.price_tr),
    }));

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  catalog = await makeCatalog(t, op, '10.00');
  const made = await admin('POST', '/storefronts', { name: 'متجر باء', hosts: [B], markup_percent: 10 });
  expect(made.statusCode, made.body).toBe(201);
  b = made.json().data.storefront.id;
  // B's orders are paid to the provider from B's account (storefront-accounts.test.ts): fund it.
  const funded = await admin('POST', `/storefronts/${b}/account/adjust`, { amount: '100000', reason: 'تمويل' });
  expect(funded.statusCode, funded.body).toBe(200);
});
afterAll(() => t.close());

describe('a storefront’s markup', () => {
  it('shows B’s customers 11.00 for a 10.00 product in every read, and A’s 10.00', async () => {
    const id = catalog.product.id;
    expect(await product(A, id)).toMatchObject({ price: '10.00', price_syr: '90000.00', price_tr: '170.00' });
    expect(await product(B, id)).toMatchObject({ price: '11.00', price_syr: '99000.00', price_tr: '187.00' });
    // One product in a department, one placed in the category itself: each page lists its own.
    const res = await admin('POST', '/products', { category_id: catalog.category.id, name: 'بطاقة', price: '10.00' });
    expect(res.statusCode, res.body).toBe(201);
    const inCategory = res.json().data.product.id;
    for (const [url, listed] of [
      [`/departments/${catalog.department.id}`, id],
      [`/categories/${catalog.category.id}`, inCategory],
    ] as const) {
      const onB = await read(B, url);
      expect(onB.json().data.products.find((p: Json) => p.id === listed).price, url).toBe('11.00');
      const onA = await read(A, url);
      expect(onA.json().data.products.find((p: Json) => p.id === listed).price, url).toBe('10.00');
    }
    const customer = await shopper();
    const found = await read(B, `/search?q=${encodeURIComponent('شدة')}`, customer);
    expect(found.json().data.products.map((p: Json) => p.price)).toEqual(['11.00']);
    const foundOnA = await read(A, `/search?q=${encodeURIComponent('شدة')}`, customer);
    expect(foundOnA.json().data.products.map((p: Json) => p.price)).toEqual(['10.00']);
  });

  it('charges B’s price on B and A’s on A, and the order keeps the storefront and both prices', async () => {
    const customer = await shopper({ balance: 30 * USD });
    const onB = await order(B, customer, catalog.product.id, { expected_price: '11.00' });
    expect(onB.statusCode, onB.body).toBe(201);
    expect(onB.json().data.order.price).toBe('11.00');
    expect(onB.json().data.user.balance).toBe('19.00');
    const onA = await order(A, customer, catalog.product.id);
    expect(onA.statusCode, onA.body).toBe(201);
    expect(onA.json().data.order.price).toBe('10.00');
    expect(await balanceOf(t, customer[B]!.id)).toBe(19 * USD);
    expect(await balanceOf(t, customer[A]!.id)).toBe(20 * USD);

    expect(await stored(onB.json().data.order.id)).toEqual({
      storefront_id: b,
      price: 11 * USD,
      provider_price: 10 * USD,
      price_syr: 99_000 * USD,
      price_tr: 187 * USD,
    });
    expect(await stored(onA.json().data.order.id)).toMatchObject({
      storefront_id: 1,
      price: 10 * USD,
      provider_price: 10 * USD,
    });

    // The operator sees both orders with their storefront and both prices.
    const list = await admin('GET', '/orders?status=all');
    expect(list.statusCode, list.body).toBe(200);
    const seen = (id: number) => list.json().data.orders.find((o: Json) => o.id === id);
    expect(seen(onB.json().data.order.id)).toMatchObject({ storefront_id: b, price: '11.00', provider_price: '10.00' });
    expect(seen(onA.json().data.order.id)).toMatchObject({ storefront_id: 1, price: '10.00', provider_price: '10.00' });
  });

  it('refuses an order sent with A’s price on B: the customer confirms B’s', async () => {
    const customer = await shopper({ balance: 30 * USD });
    const res = await order(B, customer, catalog.product.id, { expected_price: '10.00' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().data.price).toBe('11.00');
    expect(await balanceOf(t, customer[B]!.id)).toBe(30 * USD);
  });

  it('follows a new markup at once; an old order keeps its prices when the price changes later', async () => {
    const customer = await shopper({ balance: 50 * USD });
    const id = await newProduct({ price: '4.00' });
    const first = await order(B, customer, id);
    expect(first.json().data.order.price).toBe('4.40');

    expect((await admin('PATCH', `/products/${id}`, { price: '6.00' })).statusCode).toBe(200);
    expect((await admin('PATCH', `/storefronts/${b}`, { markup_percent: 20 })).statusCode).toBe(200);
    expect((await product(B, id)).price).toBe('7.20');
    const second = await order(B, customer, id);
    expect(second.json().data.order.price).toBe('7.20');

    expect(await stored(first.json().data.order.id)).toMatchObject({ price: 4.4 * USD, provider_price: 4 * USD });
    expect(await stored(second.json().data.order.id)).toMatchObject({ price: 7.2 * USD, provider_price: 6 * USD });
    expect((await admin('PATCH', `/storefronts/${b}`, { markup_percent: 10 })).statusCode).toBe(200);
  });
});

describe('rounding', () => {
  it('rounds half-up to the cent (0.67 + 50 % = 1.005 → 1.01), SYP to whole pounds (1001 + 50 % → 1502)', async () => {
    const id = await newProduct({ price: '0.67', price_syr: '1001', price_tr: '0.66' });
    expect(
      (await admin('PUT', `/products/${id}/storefront-price?storefront=${b}`, { markup_percent: 50 })).statusCode,
    ).toBe(200);
    expect(await product(B, id)).toMatchObject({ price: '1.01', price_syr: '1502.00', price_tr: '0.99' });
    expect(await product(A, id)).toMatchObject({ price: '0.67', price_syr: '1001.00', price_tr: '0.66' });
    const customer = await shopper({ balance: 5 * USD });
    const placed = await order(B, customer, id, { expected_price: '1.01' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await stored(placed.json().data.order.id)).toMatchObject({
      price: 1.01 * USD,
      provider_price: 0.67 * USD,
      price_syr: 1502 * USD,
    });
  });

  it('marks up a free quantity’s unit price, keeping its fractions of a cent, and charges it per unit', async () => {
    const id = await newProduct({
      price: '1.00',
      free: true,
      min: 100,
      max: 1000,
      unit_price: '0.0125',
      unit_price_tr: '0.5',
    });
    expect(await product(B, id)).toMatchObject({ unit_price: '0.0138', unit_price_tr: '0.55' });
    expect(await product(A, id)).toMatchObject({ unit_price: '0.0125', unit_price_tr: '0.50' });
    const customer = await shopper({ balance: 5 * USD });
    const placed = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-free`,
      headers: { host: B },
      token: customer[B]!.token,
      payload: { product_id: id, qty: 200, player_id: '5123456789' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.order.price).toBe('2.76');
    expect(await stored(placed.json().data.order.id)).toMatchObject({ price: 2.76 * USD, provider_price: 2.5 * USD });
  });
});

describe('overrides', () => {
  it('a category’s markup beats the storefront’s, and a product’s beats both', async () => {
    const inCategory = await newProduct({ price: '10.00' });
    const own = await newProduct({ price: '10.00' });
    const cat = await admin('PUT', `/categories/${catalog.category.id}/storefront-price?storefront=${b}`, {
      markup_percent: 20,
    });
    expect(cat.statusCode, cat.body).toBe(200);
    expect(cat.json().data.price).toEqual({
      storefront_id: b,
      kind: 'category',
      id: catalog.category.id,
      markup_percent: 20,
      hidden: false,
    });
    expect(
      (await admin('PUT', `/products/${own}/storefront-price?storefront=${b}`, { markup_percent: 5 })).statusCode,
    ).toBe(200);
    expect((await product(B, inCategory)).price).toBe('12.00');
    expect((await product(B, own)).price).toBe('10.50');
    expect((await product(A, own)).price).toBe('10.00');

    const customer = await shopper({ balance: 30 * USD });
    expect((await order(B, customer, inCategory)).json().data.order.price).toBe('12.00');
    expect((await order(B, customer, own)).json().data.order.price).toBe('10.50');

    const listed = await admin('GET', `/storefront-prices?storefront=${b}`);
    expect(listed.json().data).toMatchObject({ markup_percent: 10 });
    expect(listed.json().data.prices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'category', id: catalog.category.id, markup_percent: 20 }),
        expect.objectContaining({ kind: 'product', id: own, markup_percent: 5 }),
      ]),
    );

    // Cleared, the category follows the storefront's markup again.
    const cleared = await admin('DELETE', `/categories/${catalog.category.id}/storefront-price?storefront=${b}`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.price).toMatchObject({ markup_percent: null, hidden: false });
    expect((await product(B, inCategory)).price).toBe('11.00');
  });

  it('refuses bad input in Arabic, and unknown categories, products and storefronts with a 404', async () => {
    for (const markup_percent of [-1, 1001, 1.234, 'كثير']) {
      const res = await admin('PUT', `/products/${catalog.product.id}/storefront-price?storefront=${b}`, {
        markup_percent,
      });
      expect(res.statusCode, `${markup_percent}: ${res.body}`).toBe(422);
      expect(res.json().msg).toMatch(ARABIC);
    }
    const hidden = await admin('PUT', `/products/${catalog.product.id}/storefront-price?storefront=${b}`, {
      hidden: 'ربما',
    });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().msg).toMatch(ARABIC);
    for (const url of [
      `/products/999999/storefront-price?storefront=${b}`,
      `/categories/999999/storefront-price?storefront=${b}`,
      `/products/${catalog.product.id}/storefront-price?storefront=999`,
    ]) {
      const res = await admin('PUT', url, { markup_percent: 5 });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg).toMatch(ARABIC);
    }
  });
});

describe('hidden categories and products', () => {
  it('a hidden product is absent on B, refused there as an unknown product, while A sells it', async () => {
    const id = await newProduct({ name: 'بطاقة مخفية', price: '3.00' });
    const set = await admin('PUT', `/products/${id}/storefront-price?storefront=${b}`, { hidden: true });
    expect(set.statusCode, set.body).toBe(200);
    expect((await read(B, `/products/${id}`)).statusCode).toBe(404);
    expect((await read(A, `/products/${id}`)).statusCode).toBe(200);
    for (const url of [`/departments/${catalog.department.id}`]) {
      expect(
        (await read(B, url)).json().data.products.map((p: Json) => p.id),
        url,
      ).not.toContain(id);
      expect(
        (await read(A, url)).json().data.products.map((p: Json) => p.id),
        url,
      ).toContain(id);
    }
    const customer = await shopper({ balance: 10 * USD });
    const q = `/search?q=${encodeURIComponent('مخفية')}`;
    expect((await read(B, q, customer)).json().data.products).toEqual([]);
    expect((await read(A, q, customer)).json().data.products.map((p: Json) => p.id)).toEqual([id]);

    const refused = await order(B, customer, id);
    const unknown = await order(B, customer, 999_999);
    expect(refused.statusCode).toBe(unknown.statusCode);
    expect(refused.json()).toEqual(unknown.json());
    expect(await balanceOf(t, customer[B]!.id)).toBe(10 * USD);
    const onA = await order(A, customer, id);
    expect(onA.statusCode, onA.body).toBe(201);
    expect(onA.json().data.order.price).toBe('3.00');

    // Shown again, it sells on B at B's price.
    expect((await admin('DELETE', `/products/${id}/storefront-price?storefront=${b}`)).statusCode).toBe(200);
    expect((await order(B, customer, id)).json().data.order.price).toBe('3.30');
  });

  it('a hidden category takes its departments and products with it on B only', async () => {
    const customer = await shopper({ balance: 10 * USD });
    const url = `/categories/${catalog.category.id}/storefront-price?storefront=${b}`;
    expect((await admin('PUT', url, { hidden: true })).statusCode).toBe(200);
    const ids = (res: { json(): Json }) => res.json().data.categories.map((c: Json) => c.id);
    expect(ids(await read(B, '/categories', customer))).not.toContain(catalog.category.id);
    expect(ids(await read(A, '/categories', customer))).toContain(catalog.category.id);
    expect((await read(B, `/categories/${catalog.category.id}`)).statusCode).toBe(404);
    expect((await read(B, `/departments/${catalog.department.id}`)).statusCode).toBe(404);
    expect((await read(B, `/products/${catalog.product.id}`)).statusCode).toBe(404);
    expect((await order(B, customer, catalog.product.id)).statusCode).toBe(
      (await order(B, customer, 999_999)).statusCode,
    );
    expect((await read(A, `/products/${catalog.product.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', url)).statusCode).toBe(200);
    expect((await read(B, `/products/${catalog.product.id}`)).statusCode).toBe(200);
  });
});
