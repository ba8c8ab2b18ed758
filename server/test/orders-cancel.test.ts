import { work } from '../src/kernel/unit-of-work';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acceptOrder, holdOrder, rejectOrder } from '../src/modules/queues/decide';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser } from './helper';
import { balanceOf, makeProduct, placeTestOrder, refundRows } from './orders-fixtures';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let operator: TestUser;
let productId: number;

beforeAll(async () => {
  t = await setupApp();
  customer = await t.createUser({ balance: 500_000_000 });
  other = await t.createUser({ balance: 50_000_000 });
  operator = await t.createUser({ role: 'operator' });
  productId = await makeProduct(t.db);
});
afterEach(async () => {
  // The ledger must explain every balance after every scenario, races included.
  const report = await verifyLedger(t.db);
  expect(report.drifts).toEqual([]);
  expect(report.refundIssues).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

function cancel(id: number, token = customer.token) {
  return t.request({ method: 'POST', url: `/public/api/v1/orders/${id}/cancel`, token });
}

describe('POST /orders/{id}/cancel', () => {
  it('cancels a pending order and refunds its price in the same step', async () => {
    const before = await balanceOf(t.db, customer.id);
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 12_345_678 });
    expect(await balanceOf(t.db, customer.id)).toBe(before - 12_345_678);

    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.order).toMatchObject({ id: order.id, status: 'cancel', price: '12.345678', api: false });
    expect(body.data.user.balance).toBe('500.00');
    expect(await balanceOf(t.db, customer.id)).toBe(before);
    const refunds = await refundRows(t.db, order.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      credit: 12_345_678,
      debit: 0,
      info: `استرداد الطلب #${order.id}`,
      user_id: customer.id,
    });
  });

  it('refuses a second cancel of the same order without refunding again', async () => {
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 2_000_000 });
    expect((await cancel(order.id)).statusCode).toBe(200);
    const balance = await balanceOf(t.db, customer.id);
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ status: 'error', code: 'invalid_state', msg: 'هذا الطلب ملغي مسبقاً' });
    expect(await balanceOf(t.db, customer.id)).toBe(balance);
    expect(await refundRows(t.db, order.id)).toHaveLength(1);
  });

  it('refunds once when two cancel requests race [a race on PostgreSQL; SQLite serialises writers]', async () => {
    for (let round = 0; round < 5; round++) {
      const start = await balanceOf(t.db, customer.id);
      const order = await placeTestOrder(t.db, customer.id, { productId, price: 3_000_000 });
      const replies = await Promise.all([cancel(order.id), cancel(order.id), cancel(order.id)]);
      const codes = replies.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 422, 422]);
      for (const r of replies.filter((x) => x.statusCode === 422)) expect(r.json().msg).toBe('هذا الطلب ملغي مسبقاً');
      expect(await refundRows(t.db, order.id)).toHaveLength(1);
      expect(await balanceOf(t.db, customer.id)).toBe(start);
    }
  });

  it(
    "refunds once when the customer's cancel races an operator's rejection " +
      '[a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      for (let round = 0; round < 5; round++) {
        const start = await balanceOf(t.db, customer.id);
        const order = await placeTestOrder(t.db, customer.id, { productId, price: 4_000_000 });
        const results = await Promise.allSettled([
          cancel(order.id),
          work(t.db, (trx) => rejectOrder(trx, order.id, { actorId: operator.id, cancelMsg: 'نفدت الكمية' })),
        ]);
        const wins = [
          results[0].status === 'fulfilled' && results[0].value.statusCode === 200,
          results[1].status === 'fulfilled',
        ];
        expect(wins.filter(Boolean)).toHaveLength(1);
        expect(await refundRows(t.db, order.id)).toHaveLength(1);
        expect(await balanceOf(t.db, customer.id)).toBe(start);
      }
    },
  );

  it('turns a waiting order into a cancel request for the operator, without a refund', async () => {
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 5_000_000 });
    await work(t.db, (trx) => holdOrder(trx, order.id, { actorId: operator.id }));
    const balance = await balanceOf(t.db, customer.id);
    const res = await cancel(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order.status).toBe('request_cancel');
    expect(await balanceOf(t.db, customer.id)).toBe(balance);
    expect(await refundRows(t.db, order.id)).toHaveLength(0);
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe('طلب إلغاء هذا الطلب قيد المراجعة مسبقاً');
  });

  it('refuses accepted and api orders with an Arabic message', async () => {
    const accepted = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    await work(t.db, (trx) => acceptOrder(trx, accepted.id, { actorId: operator.id }));
    const api = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000, api: 1 });
    const balance = await balanceOf(t.db, customer.id);

    const a = await cancel(accepted.id);
    expect(a.statusCode).toBe(422);
    expect(a.json().msg).toBe('لا يمكن إلغاء طلب تم قبوله');
    const b = await cancel(api.id);
    expect(b.statusCode).toBe(422);
    expect(b.json().msg).toBe('لا يمكن إلغاء هذا الطلب لأنه يُنفَّذ آلياً');
    const still = await t.request({ method: 'GET', url: `/public/api/v1/orders/${api.id}`, token: customer.token });
    expect(still.json().data.order.status).toBe('pending');
    expect(await balanceOf(t.db, customer.id)).toBe(balance);
  });

  it("is a 404 for another customer's order, which stays untouched", async () => {
    const theirs = await placeTestOrder(t.db, other.id, { productId, price: 7_000_000 });
    const otherBalance = await balanceOf(t.db, other.id);
    const res = await cancel(theirs.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', code: 'not_found', msg: 'الطلب غير موجود' });
    const mine = await t.request({ method: 'GET', url: `/public/api/v1/orders/${theirs.id}`, token: other.token });
    expect(mine.json().data.order.status).toBe('pending');
    expect(await balanceOf(t.db, other.id)).toBe(otherBalance);
  });

  it(
    'needs a session, answers a malformed id with a 4xx, and takes a ' +
      'JSON content type with no body as axios sends it',
    async () => {
      const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
      const anon = await t.request({ method: 'POST', url: `/public/api/v1/orders/${order.id}/cancel` });
      expect(anon.statusCode).toBe(401);
      expect((await cancel(0)).statusCode).toBe(422);
      const empty = await t.request({
        method: 'POST',
        url: `/public/api/v1/orders/${order.id}/cancel`,
        token: customer.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json().data.order.status).toBe('cancel');
      const again = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
      const withBody = await t.request({
        method: 'POST',
        url: `/public/api/v1/orders/${again.id}/cancel`,
        token: customer.token,
        payload: {},
      });
      expect(withBody.statusCode).toBe(200);
    },
  );
});
