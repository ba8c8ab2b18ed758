import { work } from '../src/kernel/unit-of-work';
import type { OrdersReply } from '@raseed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOrder } from '../src/modules/queues/decide';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';

const arabic = /[\u0600-\u06FF]/;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let productId: number;
/** Alice's order ids, oldest first. */
const aliceIds: number[] = [];

beforeAll(async () => {
  t = await setupApp();
  alice = await t.createUser({ balance: 1_000_000_000 });
  bob = await t.createUser({ balance: 100_000_000 });
  productId = await makeProduct(t.db);
  for (let i = 0; i < 25; i++) {
    const row = await placeTestOrder(t.db, alice.id, {
      productId,
      price: 1_500_000 + i,
      name: i % 5 === 0 ? 'PUBG UC 60' : 'شدات ببجي',
      data: `player-${1000 + i}`,
      phone: i === 7 ? '+963944000777' : null,
    });
    aliceIds.push(row.id);
    // Interleave another customer's orders: they must never show in Alice's list.
    if (i % 4 === 0) await placeTestOrder(t.db, bob.id, { productId, price: 1_000_000, name: 'PUBG UC 60' });
  }
});
afterAll(async () => {
  expect((await verifyLedger(t.db)).ok).toBe(true);
  await t.close();
});

function list(query: string, token = alice.token) {
  return t.request({ method: 'GET', url: `/public/api/v1/orders${query}`, token });
}

describe('GET /orders', () => {
  it('needs a signed-in customer', async () => {
    const res = await list('');
    const anon = await t.request({ method: 'GET', url: '/public/api/v1/orders' });
    expect(res.statusCode).toBe(200);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().msg).toMatch(arabic);
  });

  it('lists only the caller’s orders, newest first, 10 a page, with page numbers and a keyset bound', async () => {
    const body = (await list('')).json();
    expect(body.status).toBe('success');
    expect(body.data.orders.map((o: { id: number }) => o.id)).toEqual(aliceIds.slice(-10).reverse());
    expect(body.data.paginate).toEqual({ nextPage: 2, backPage: null, nextBefore: aliceIds[15] });
    const first = body.data.orders[0];
    expect(first).toEqual({
      id: aliceIds[24],
      status: 'pending',
      product: { id: productId, name: 'شدات ببجي' },
      price: '1.500024',
      data: 'player-1024',
      phone: null,
      quantity: 1,
      cancel_msg: null,
      message: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      api: false,
      codes: [],
      delivery: 'manual',
    });
  });

  it('pages through all 25 without repeats or gaps even while new orders arrive', async () => {
    const seen: number[] = [];
    let page: number | null = 1;
    let before: number | null = null;
    let pages = 0;
    while (page !== null) {
      const body: OrdersReply = (await list(`?page=${page}${before ? `&before=${before}` : ''}`)).json();
      seen.push(...body.data.orders.map((o) => o.id));
      if (page === 1) {
        // New orders placed after page 1 was read must not push old ones onto the next page.
        for (let i = 0; i < 3; i++) await placeTestOrder(t.db, alice.id, { productId, price: 1_000_000, name: 'جديد' });
      }
      expect(body.data.paginate.backPage).toBe(page > 1 ? page - 1 : null);
      page = body.data.paginate.nextPage;
      before = body.data.paginate.nextBefore;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...aliceIds].reverse());
  });

  it('falls back to plain page numbers without a keyset bound', async () => {
    const body = (await list('?page=3')).json();
    expect(body.data.orders).toHaveLength(8); // 28 orders now: 10 + 10 + 8
    expect(body.data.paginate).toEqual({ nextPage: null, backPage: 2, nextBefore: null });
  });

  it('filters by status; empty or "all" means every status', async () => {
    await work(t.db, (trx) => acceptOrder(trx, aliceIds[3]!, { actorId: bob.id, message: 'تم الشحن' }));
    const accepted = (await list('?status=success')).json();
    expect(accepted.data.orders.map((o: { id: number }) => o.id)).toEqual([aliceIds[3]]);
    expect(accepted.data.orders[0].message).toBe('تم الشحن');
    expect(accepted.data.paginate).toEqual({ nextPage: null, backPage: null, nextBefore: null });
    expect((await list('?status=cancel')).json().data.orders).toEqual([]);
    expect((await list('?status=all')).json().data.orders).toHaveLength(10);
    expect((await list('?status=')).json().data.orders).toHaveLength(10);
  });

  it('searches the product name (any case), the order id, the player data and the phone', async () => {
    const byName = (await list('?search=pubg')).json().data.orders.map((o: { id: number }) => o.id);
    expect(byName).toEqual([aliceIds[20], aliceIds[15], aliceIds[10], aliceIds[5], aliceIds[0]]);
    const byId = (await list(`?search=%23${aliceIds[12]}`)).json().data.orders;
    expect(byId.map((o: { id: number }) => o.id)).toContain(aliceIds[12]);
    const byData = (await list('?search=player-1017')).json().data.orders;
    expect(byData.map((o: { id: number }) => o.id)).toEqual([aliceIds[17]]);
    const byPhone = (await list('?search=944000777')).json().data.orders;
    expect(byPhone.map((o: { id: number }) => o.id)).toEqual([aliceIds[7]]);
    expect((await list(`?search=${encodeURIComponent('ببجي')}&status=success`)).json().data.orders).toHaveLength(1);
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await list('?search=%25')).json().data.orders).toEqual([]);
    expect((await list('?search=_')).json().data.orders).toEqual([]);
  });

  it('answers bad query values with 422 and an Arabic message, never a 500', async () => {
    for (const q of ['?page=0', '?page=abc', '?status=done', `?search=${'x'.repeat(101)}`, '?before=-5']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().msg, q).toMatch(arabic);
      expect(Object.keys(res.json().errors ?? {}).length, q).toBeGreaterThan(0);
    }
  });
});

describe('GET /orders/{id}', () => {
  it('returns the order alone while it is pending', async () => {
    const res = await t.request({ method: 'GET', url: `/public/api/v1/orders/${aliceIds[0]}`, token: alice.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order.id).toBe(aliceIds[0]);
    expect(res.json().data.order.status).toBe('pending');
    expect(res.json().data.user).toBeUndefined();
  });

  it('adds the fresh user once the status has changed', async () => {
    const res = await t.request({ method: 'GET', url: `/public/api/v1/orders/${aliceIds[3]}`, token: alice.token });
    expect(res.json().data.order.status).toBe('success');
    const balance = await t.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', alice.id)
      .executeTakeFirstOrThrow();
    expect(res.json().data.user).toMatchObject({ id: alice.id, balance: expect.any(String) });
    expect(Math.round(Number(res.json().data.user.balance) * 1e6)).toBe(balance.balance);
    expect(res.json().data.user.password_hash).toBeUndefined();
  });

  it("is a 404 for another customer's order and for an unknown id", async () => {
    const bobsOrder = await placeTestOrder(t.db, bob.id, { productId, price: 1_000_000 });
    for (const id of [bobsOrder.id, 999_999]) {
      const res = await t.request({ method: 'GET', url: `/public/api/v1/orders/${id}`, token: alice.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 'error', code: 'not_found', msg: 'الطلب غير موجود' });
    }
    const bad = await t.request({ method: 'GET', url: '/public/api/v1/orders/abc', token: alice.token });
    expect(bad.statusCode).toBe(422);
  });
});
