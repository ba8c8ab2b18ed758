import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeHash } from '../src/modules/fulfilment/stock-service';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser } from './helper';

/**
 * On PostgreSQL an order is priced from the product row this instance read in the last seconds
 * and written in one statement (orders/place-order.ts). These change the catalog straight in the
 * database, as an operator's write on another instance would, so this instance's caches still
 * hold the old row: the order must follow the catalog as it is, never the cached copy.
 */
const API = '/public/api/v1';
const USD = 1_000_000;

let t: TestApp;
let productId: number;
let otherProductId: number;
let categoryId: number;
let stockId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  const rows = await t.db
    .selectFrom('products')
    .leftJoin('departments', 'departments.id', 'products.department_id')
    .select(['products.id', 'products.name', 'products.category_id', 'departments.category_id as dept_category'])
    .where('products.delivery', '=', 'manual')
    .where('products.free', '=', 0)
    .where('products.type', '=', 'id')
    .where('products.available', '=', 1)
    .orderBy('products.id')
    .execute();
  productId = rows[0]!.id;
  otherProductId = rows[1]!.id;
  categoryId = (rows[0]!.category_id ?? rows[0]!.dept_category)!;
  stockId = rows[2]!.id;
  await t.db
    .updateTable('products')
    .set({ delivery: 'stock', price: 5 * USD })
    .where('id', '=', stockId)
    .execute();
});
afterAll(async () => {
  await t.close();
});

function order(user: TestUser, payload: object = {}, headers: Record<string, string> = {}) {
  return t.request({
    method: 'POST',
    url: `${API}/orders-create-fixed`,
    token: user.token,
    payload: { productId, playerId: '5123456789', ...payload },
    headers,
  });
}

const setPrice = (price: number) => t.db.updateTable('products').set({ price }).where('id', '=', productId).execute();
const balanceOf = async (userId: number) =>
  (await t.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance;
const ordersOf = (userId: number) =>
  t.db.selectFrom('orders').select(['price', 'product_id']).where('user_id', '=', userId).execute();

/** Replaces the stock product's unsold codes with these. */
async function stock(codes: string[]) {
  const key = t.app.sealer;
  await t.db.deleteFrom('product_codes').where('product_id', '=', stockId).where('status', '=', 'available').execute();
  const at = new Date().toISOString();
  await t.db
    .insertInto('product_codes')
    .values(
      codes.map((code) => ({
        product_id: stockId,
        code_enc: key.seal(code),
        code_hash: codeHash(key, stockId, code),
        serial_enc: null,
        expires_at: null,
        status: 'available' as const,
        created_at: at,
      })),
    )
    .execute();
}
/** The codes sold to the customer's orders. */
const soldCodes = async (userId: number) => {
  const rows = await t.db
    .selectFrom('product_codes')
    .innerJoin('orders', 'orders.id', 'product_codes.order_id')
    .select(['product_codes.code_enc'])
    .where('orders.user_id', '=', userId)
    .where('product_codes.status', '=', 'sold')
    .orderBy('product_codes.id')
    .execute();
  return rows.map((r) => t.app.sealer.open(r.code_enc));
};

describe('an order placed after the catalog changed elsewhere', () => {
  it('is charged the price the product has now, not the one read a moment ago', async () => {
    await setPrice(5 * USD);
    const u = await t.createUser({ balance: 50 * USD });
    expect((await order(u)).statusCode).toBe(201);

    await setPrice(7 * USD);
    const res = await order(u);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order.price).toBe('7.00');
    expect(res.json().data.user.balance).toBe('38.00');
    expect(await balanceOf(u.id)).toBe(38 * USD);
    expect((await ordersOf(u.id)).map((o) => o.price)).toEqual([5 * USD, 7 * USD]);
  });

  it('answers 409 with the new price when the customer saw the old one, and charges nothing', async () => {
    await setPrice(5 * USD);
    const u = await t.createUser({ balance: 50 * USD });
    expect((await order(u, { expected_price: '5.00' })).statusCode).toBe(201);

    await setPrice(6 * USD);
    const res = await order(u, { expected_price: '5.00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.price).toBe('6.00');
    expect(await balanceOf(u.id)).toBe(45 * USD);
    expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('stops selling at once when the product or its category is switched off', async () => {
    await setPrice(5 * USD);
    const u = await t.createUser({ balance: 50 * USD });
    expect((await order(u)).statusCode).toBe(201);

    await t.db.updateTable('categories').set({ available: 0 }).where('id', '=', categoryId).execute();
    const offCategory = await order(u);
    await t.db.updateTable('categories').set({ available: 1 }).where('id', '=', categoryId).execute();
    expect(offCategory.statusCode).toBe(422);
    expect(offCategory.json().msg).toBe('المنتج غير متوفر حالياً');

    await t.db.updateTable('products').set({ available: 0 }).where('id', '=', productId).execute();
    const offProduct = await order(u);
    await t.db.updateTable('products').set({ available: 1 }).where('id', '=', productId).execute();
    expect(offProduct.statusCode).toBe(422);

    expect(await balanceOf(u.id)).toBe(45 * USD);
    expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('refuses a short balance with its Arabic message and writes nothing', async () => {
    await setPrice(5 * USD);
    const u = await t.createUser({ balance: 4 * USD });
    const res = await order(u);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('رصيدك غير كافٍ لإتمام هذه العملية');
    expect(await balanceOf(u.id)).toBe(4 * USD);
    expect(await ordersOf(u.id)).toHaveLength(0);
  });

  it('answers a repeated Idempotency-Key with the first order, charged once, even after a price change', async () => {
    await setPrice(5 * USD);
    const u = await t.createUser({ balance: 50 * USD });
    const first = await order(u, {}, { 'idempotency-key': 'tap-1' });
    expect(first.statusCode).toBe(201);
    await setPrice(8 * USD);
    const again = await order(u, {}, { 'idempotency-key': 'tap-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    const otherProduct = await order(u, { productId: otherProductId }, { 'idempotency-key': 'tap-1' });
    expect(otherProduct.statusCode).toBe(422);
    expect(await balanceOf(u.id)).toBe(45 * USD);
    expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('sells a stocked code at the price it has now, and not from stock once it is delivered by hand', async () => {
    await stock(['C-1', 'C-2', 'C-3']);
    const u = await t.createUser({ balance: 50 * USD });
    const first = await order(u, { productId: stockId });
    expect(first.json().data.order).toMatchObject({ status: 'success', price: '5.00', codes: ['C-1'] });

    await t.db
      .updateTable('products')
      .set({ price: 7 * USD })
      .where('id', '=', stockId)
      .execute();
    const seenOld = await order(u, { productId: stockId, expected_price: '5.00' });
    expect(seenOld.statusCode).toBe(409);
    const repriced = await order(u, { productId: stockId });
    expect(repriced.json().data.order).toMatchObject({ status: 'success', price: '7.00', codes: ['C-2'] });

    await t.db.updateTable('products').set({ delivery: 'manual' }).where('id', '=', stockId).execute();
    const byHand = await order(u, { productId: stockId });
    await t.db
      .updateTable('products')
      .set({ delivery: 'stock', price: 5 * USD })
      .where('id', '=', stockId)
      .execute();
    expect(byHand.statusCode).toBe(201);
    expect(byHand.json().data.order).toMatchObject({ status: 'pending', codes: [] });
    expect(await soldCodes(u.id)).toEqual(['C-1', 'C-2']);
    expect(await balanceOf(u.id)).toBe(31 * USD);
  });

  it('sells each stocked code once: a repeated Idempotency-Key, the last code, a short balance', async () => {
    await stock(['K-1']);
    const u = await t.createUser({ balance: 12 * USD });
    const taps = await Promise.all(
      Array.from({ length: 5 }, () => order(u, { productId: stockId }, { 'idempotency-key': 'stock-tap' })),
    );
    const ids = new Set(taps.map((r) => r.json().data.order.id));
    expect(ids.size).toBe(1);
    expect(taps.map((r) => r.json().data.order.codes)).toEqual(Array(5).fill(['K-1']));

    const soldOut = await order(u, { productId: stockId });
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().msg).toBe('نفدت الكمية');

    await stock(['K-2']);
    const poor = await t.createUser({ balance: 4 * USD });
    const short = await order(poor, { productId: stockId });
    expect(short.statusCode).toBe(422);
    expect(await balanceOf(poor.id)).toBe(4 * USD);
    expect(await balanceOf(u.id)).toBe(7 * USD);
    expect(await soldCodes(u.id)).toEqual(['K-1']);
    expect(await soldCodes(poor.id)).toEqual([]);
  });

  it('leaves a ledger that verifies', async () => {
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
