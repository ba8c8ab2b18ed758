import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, balanceOf, makeCatalog, PUBLIC, placeOrder, requestTopup } from './operator-fixtures';

let t: TestApp;
let op: TestUser;
let op2: TestUser;
let productId: number;
let bankId: number;

const $ = (n: string) => Math.round(Number(n) * 1_000_000);

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  op2 = await t.createUser({ role: 'operator' });
  productId = (await makeCatalog(t, op, '5.00')).product.id;
  const bank = await t.request({
    method: 'POST',
    url: `${ADMIN}/banks`,
    token: op.token,
    payload: { name: 'بنك الشام', iban: 'SY00 1234 5678', info: 'حوّل ثم أرسل الإشعار' },
  });
  bankId = bank.json().data.bank.id;
});
afterAll(async () => {
  await t.close();
});

async function ledgerRows(userId: number, refType: string, refId: number) {
  return t.db
    .selectFrom('ledger')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ref_type', '=', refType)
    .where('ref_id', '=', refId)
    .execute();
}

describe('top-up queue', () => {
  it("lists a pending request with the customer's data and a receipt link that opens", async () => {
    const customer = await t.createUser();
    const id = await requestTopup(t, customer, bankId, '20');
    const res = await t.request({ method: 'GET', url: `${ADMIN}/charges`, token: op.token });
    expect(res.statusCode).toBe(200);
    const charge = res.json().data.charges.find((c: { id: number }) => c.id === id);
    expect(charge).toMatchObject({
      status: 'pending',
      amount: '20.00',
      bank: { id: bankId, name: 'بنك الشام' },
      user: { id: customer.id, email: customer.email },
    });
    const img = await t.request({ method: 'GET', url: charge.img });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it('credits once when two operators approve the same request at the same moment', async () => {
    const customer = await t.createUser();
    const id = await requestTopup(t, customer, bankId, '25.50');
    const results = await Promise.all(
      [op, op2, op, op2].map((o) =>
        t.request({ method: 'POST', url: `${ADMIN}/charges/${id}/approve`, token: o.token, payload: {} }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe('تمت معالجة طلب الشحن هذا مسبقاً');
    expect(await balanceOf(t, customer.id)).toBe($('25.50'));
    expect(await ledgerRows(customer.id, 'charge', id)).toHaveLength(1);
    const notices = await t.request({ method: 'GET', url: `${PUBLIC}/notifications`, token: customer.token });
    expect(notices.json().data.notifications.filter((n: { title: string }) => n.title === 'تم شحن رصيدك')).toHaveLength(
      1,
    );
  });

  it('credits the corrected amount when the transfer differs from what was typed', async () => {
    const customer = await t.createUser();
    const id = await requestTopup(t, customer, bankId, '30');
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${id}/approve`,
      token: op.token,
      payload: { amount: '27.5', reason: 'وصل 27.50 $ بعد عمولة البنك' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.charge).toMatchObject({
      status: 'success',
      amount: '27.50',
      reason: 'وصل 27.50 $ بعد عمولة البنك',
      decided_by: { id: op.id },
    });
    expect(await balanceOf(t, customer.id)).toBe($('27.5'));
  });

  it('refuses a zero or unreadable corrected amount with 422 and credits nothing', async () => {
    const customer = await t.createUser();
    const id = await requestTopup(t, customer, bankId, '30');
    for (const amount of ['0', 'abc', '-5']) {
      const res = await t.request({
        method: 'POST',
        url: `${ADMIN}/charges/${id}/approve`,
        token: op.token,
        payload: { amount },
      });
      expect(res.statusCode, amount).toBe(422);
      expect(res.json().errors.amount).toBeDefined();
    }
    expect(await balanceOf(t, customer.id)).toBe(0);
  });

  it('rejects with a reason the customer reads, and a rejected request cannot then be approved', async () => {
    const customer = await t.createUser();
    const id = await requestTopup(t, customer, bankId, '15');
    const missing = await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${id}/reject`,
      token: op.token,
      payload: { reason: '  ' },
    });
    expect(missing.statusCode).toBe(422);
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${id}/reject`,
      token: op.token,
      payload: { reason: 'الإشعار غير واضح' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.charge).toMatchObject({ status: 'cancel', reason: 'الإشعار غير واضح' });
    const again = await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${id}/approve`,
      token: op.token,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(t, customer.id)).toBe(0);
    const mine = await t.request({ method: 'GET', url: `${PUBLIC}/charges`, token: customer.token });
    expect(mine.json().data.charges[0].status).toBe('cancel');
  });
});

describe('order queue', () => {
  it("shows an open order with the customer's player id, oldest first", async () => {
    const customer = await t.createUser({ balance: $('50') });
    const first = await placeOrder(t, customer, productId);
    const second = await placeOrder(t, customer, productId);
    const res = await t.request({ method: 'GET', url: `${ADMIN}/orders`, token: op.token });
    const ids = res.json().data.orders.map((o: { id: number }) => o.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const order = res.json().data.orders.find((o: { id: number }) => o.id === first);
    expect(order).toMatchObject({
      status: 'pending',
      data: '5123456789',
      price: '5.00',
      user: { id: customer.id, email: customer.email },
    });
    const found = await t.request({
      method: 'GET',
      url: `${ADMIN}/orders?status=all&search=${encodeURIComponent(customer.email)}`,
      token: op.token,
    });
    expect(
      found
        .json()
        .data.orders.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([first, second].sort());
  });

  it('accepts with a message the customer sees on the order and in a notification', async () => {
    const customer = await t.createUser({ balance: $('10') });
    const id = await placeOrder(t, customer, productId);
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${id}/accept`,
      token: op.token,
      payload: { message: 'CODE-1234' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order).toMatchObject({ status: 'success', message: 'CODE-1234' });
    const mine = await t.request({ method: 'GET', url: `${PUBLIC}/orders/${id}`, token: customer.token });
    expect(mine.json().data.order).toMatchObject({ status: 'success', message: 'CODE-1234' });
    expect(await balanceOf(t, customer.id)).toBe($('5'));
    const twice = await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${id}/reject`,
      token: op.token,
      payload: { cancel_msg: 'متأخر' },
    });
    expect(twice.statusCode).toBe(422);
    expect(await balanceOf(t, customer.id)).toBe($('5'));
  });

  it(
    'refunds a rejected order exactly once, also when two operators reject it at ' +
      'once [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const customer = await t.createUser({ balance: $('12') });
      const id = await placeOrder(t, customer, productId);
      expect(await balanceOf(t, customer.id)).toBe($('7'));
      const results = await Promise.all(
        [op, op2, op].map((o) =>
          t.request({
            method: 'POST',
            url: `${ADMIN}/orders/${id}/reject`,
            token: o.token,
            payload: { cancel_msg: 'رقم اللاعب غير صحيح' },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
      expect(await balanceOf(t, customer.id)).toBe($('12'));
      expect(await ledgerRows(customer.id, 'order', id)).toHaveLength(2); // the purchase and one refund
      const mine = await t.request({ method: 'GET', url: `${PUBLIC}/orders/${id}`, token: customer.token });
      expect(mine.json().data.order).toMatchObject({ status: 'cancel', cancel_msg: 'رقم اللاعب غير صحيح' });
    },
  );

  it('puts an order on hold, then answers the customer’s cancel request with a refund', async () => {
    const customer = await t.createUser({ balance: $('5') });
    const id = await placeOrder(t, customer, productId);
    const hold = await t.request({ method: 'POST', url: `${ADMIN}/orders/${id}/wait`, token: op.token, payload: {} });
    expect(hold.json().data.order.status).toBe('wait');
    const ask = await t.request({ method: 'POST', url: `${PUBLIC}/orders/${id}/cancel`, token: customer.token });
    expect(ask.json().data.order.status).toBe('request_cancel');
    const open = await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: op.token });
    expect(open.json().data.stats.cancel_requests).toBeGreaterThanOrEqual(1);
    const yes = await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${id}/cancel-request`,
      token: op.token,
      payload: { approve: true },
    });
    expect(yes.json().data.order.status).toBe('cancel');
    expect(await balanceOf(t, customer.id)).toBe($('5'));
  });

  it('can deny a cancel request, leaving the order on hold and the money spent', async () => {
    const customer = await t.createUser({ balance: $('5') });
    const id = await placeOrder(t, customer, productId);
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${id}/wait`, token: op.token, payload: {} });
    await t.request({ method: 'POST', url: `${PUBLIC}/orders/${id}/cancel`, token: customer.token });
    const no = await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${id}/cancel-request`,
      token: op.token,
      payload: { approve: false, cancel_msg: 'تم التنفيذ جزئياً' },
    });
    expect(no.json().data.order.status).toBe('wait');
    expect(await balanceOf(t, customer.id)).toBe(0);
  });
});

describe('audit log', () => {
  it('records every decision with who, what and the values before and after', async () => {
    const customer = await t.createUser({ balance: $('5') });
    const chargeId = await requestTopup(t, customer, bankId, '9');
    await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${chargeId}/approve`,
      token: op2.token,
      payload: { amount: '8', reason: 'عمولة التحويل' },
    });
    const orderId = await placeOrder(t, customer, productId);
    await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${orderId}/reject`,
      token: op2.token,
      payload: { cancel_msg: 'نفد المخزون' },
    });

    const charge = (
      await t.request({ method: 'GET', url: `${ADMIN}/audit?entity=charge&entity_id=${chargeId}`, token: op.token })
    ).json().data.entries;
    expect(charge).toHaveLength(1);
    expect(charge[0]).toMatchObject({
      action: 'charge.approve',
      actor: { id: op2.id },
      before: { status: 'pending' },
      after: { status: 'success', reason: 'عمولة التحويل' },
    });
    const order = (
      await t.request({ method: 'GET', url: `${ADMIN}/audit?entity=order&entity_id=${orderId}`, token: op.token })
    ).json().data.entries;
    expect(order[0]).toMatchObject({
      action: 'order.reject',
      actor: { id: op2.id },
      before: { status: 'pending' },
      after: { status: 'cancel', cancel_msg: 'نفد المخزون' },
    });
  });
});
