import { idempotencyMismatchMsg, numberMessages } from '@raseed/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/modules/wallet/verify';
import { testEngine } from './helper';
import {
  buy,
  closeWorld,
  endWindow,
  type NumbersWorld,
  numbersWorld,
  purchase,
  refundsOf,
  until,
} from './numbers-fixtures';
import { ADMIN, balanceOf, PUBLIC } from './operator-fixtures';

const PRICE = 1_250_000;
let w: NumbersWorld;

beforeAll(async () => {
  w = await numbersWorld();
});
afterAll(() => closeWorld(w));
// Each test starts with a fresh provider; purchases of earlier tests are left alone by the worker.
beforeEach(async () => {
  w.stub.reset();
  await w.t.db.updateTable('number_activations').set({ step: 'done' }).execute();
});

const notices = async (userId: number) =>
  (await w.t.db.selectFrom('notifications').select(['title', 'msg']).where('user_id', '=', userId).execute()).map(
    (n) => n.title,
  );

describe(`number purchases against the handler-API stub (${testEngine})`, () => {
  it('debits once, shows the number, then the SMS code and a notification', async () => {
    const c = await w.t.createUser({ balance: 5_000_000 });
    w.stub.reset({ smsAfterMs: 150 });
    const p = await buy(w, c);
    expect(p).toMatchObject({ status: 'waiting', phone: null, codes: [] });
    expect(await balanceOf(w.t, c.id)).toBe(5_000_000 - PRICE);
    await until(w, async () => (await purchase(w, c, p.id)).phone !== null);
    const rented = w.stub.rented()[0]!;
    expect(rented).toMatchObject({ service: 'wa', country: '6' });
    expect((await purchase(w, c, p.id)).phone).toBe(rented.phone);
    await until(w, async () => (await purchase(w, c, p.id)).status === 'received');
    expect((await purchase(w, c, p.id)).codes).toEqual(['482913']);
    expect(await notices(c.id)).toContain('وصل كود التفعيل');

    // A second SMS for the same number.
    const again = await w.t.request({ method: 'POST', url: `${PUBLIC}/numbers/${p.id}/resend`, token: c.token });
    expect(again.statusCode, again.body).toBe(200);
    await until(w, async () => (await purchase(w, c, p.id)).codes.length === 2);
    expect((await purchase(w, c, p.id)).codes).toEqual(['482913', '771204']);
    expect(w.stub.calls.filter((x) => x.action === 'setStatus' && x.params.status === '3')).toHaveLength(1);

    // After a code the purchase is final: no cancel, no refund at the window's end.
    const cancel = await w.t.request({ method: 'POST', url: `${PUBLIC}/numbers/${p.id}/cancel`, token: c.token });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().msg).toBe('لا يمكن إلغاء الرقم بعد وصول الكود');
    await endWindow(w, p.id);
    await until(w, async () => rented.status === 'done');
    expect((await purchase(w, c, p.id)).status).toBe('received');
    expect(await refundsOf(w, p.id)).toHaveLength(0);
    expect(w.stub.count('getNumber')).toBe(1);
    expect(await balanceOf(w.t, c.id)).toBe(5_000_000 - PRICE);
  });

  it('refunds once when no SMS arrives before the window ends, and gives the number back', async () => {
    const c = await w.t.createUser({ balance: 2_000_000 });
    w.stub.reset({ smsAfterMs: null });
    const p = await buy(w, c);
    await until(w, async () => (await purchase(w, c, p.id)).phone !== null);
    const expires = Date.parse((await purchase(w, c, p.id)).expires_at!);
    expect(expires - Date.now()).toBeGreaterThan(19 * 60_000);
    await w.t.app.numbersWorker.runDue();
    expect((await purchase(w, c, p.id)).status).toBe('waiting');
    await endWindow(w, p.id);
    await until(w, async () => w.stub.rented()[0]!.status === 'cancel');
    for (let i = 0; i < 3; i++) await w.t.app.numbersWorker.runDue();
    expect((await purchase(w, c, p.id)).status).toBe('refunded');
    expect(await refundsOf(w, p.id)).toHaveLength(1);
    expect(await balanceOf(w.t, c.id)).toBe(2_000_000);
    expect(await notices(c.id)).toContain('تم استرداد المبلغ');
  });

  it('cancel before a code refunds at once, once, and cancels upstream', async () => {
    const c = await w.t.createUser({ balance: 2_000_000 });
    w.stub.reset({ smsAfterMs: null });
    const p = await buy(w, c);
    await until(w, async () => (await purchase(w, c, p.id)).phone !== null);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        w.t.request({ method: 'POST', url: `${PUBLIC}/numbers/${p.id}/cancel`, token: c.token }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!.json().data;
    expect(ok.purchase.status).toBe('cancelled');
    expect(ok.user.balance).toBe('2.00');
    await until(w, async () => w.stub.rented()[0]!.status === 'cancel');
    expect(await refundsOf(w, p.id)).toHaveLength(1);
    // A late SMS does not turn a refunded purchase into a sale.
    w.stub.rented()[0]!.status = 'ok';
    w.stub.rented()[0]!.codes.push('999999');
    await w.t.app.numbersWorker.runDue();
    expect((await purchase(w, c, p.id)).status).toBe('cancelled');
  });

  it('no numbers upstream: refunded with a notification', async () => {
    const c = await w.t.createUser({ balance: 2_000_000 });
    w.stub.reset({ getNumber: 'no_numbers' });
    const p = await buy(w, c);
    await until(w, async () => (await purchase(w, c, p.id)).status === 'refunded');
    expect(await balanceOf(w.t, c.id)).toBe(2_000_000);
    expect(await notices(c.id)).toContain('تعذّر الحصول على رقم');
    expect(w.stub.rented()).toHaveLength(0);
  });

  it('5xx answers are retried with back-off, still one number', async () => {
    const c = await w.t.createUser({ balance: 2_000_000 });
    w.stub.reset({ fail5xx: 2 });
    const p = await buy(w, c);
    await until(w, async () => (await purchase(w, c, p.id)).status === 'received');
    expect(w.stub.count('getNumber')).toBe(3);
    expect(w.stub.rented()).toHaveLength(1);
  });

  it('a lost getNumber answer is never asked again: the orphan is cancelled and the money refunded once', async () => {
    const c = await w.t.createUser({ balance: 2_000_000 });
    w.stub.reset({ getNumber: 'hold' });
    const p = await buy(w, c);
    await until(w, async () => (await purchase(w, c, p.id)).status === 'refunded');
    expect(w.stub.count('getNumber')).toBe(1);
    expect(w.stub.rented()[0]!.status).toBe('cancel');
    expect(await refundsOf(w, p.id)).toHaveLength(1);
    expect(await balanceOf(w.t, c.id)).toBe(2_000_000);
  });

  it('an Idempotency-Key repeat returns the first purchase and debits once', async () => {
    const c = await w.t.createUser({ balance: 3_000_000 });
    const headers = { 'idempotency-key': 'buy-once-1' };
    const [a, b] = await Promise.all([buy(w, c, headers), buy(w, c, headers)]);
    expect(a.id).toBe(b.id);
    expect(await balanceOf(w.t, c.id)).toBe(3_000_000 - PRICE);
  });

  it('refuses a service the provider listed with no numbers, and debits nothing', async () => {
    const c = await w.t.createUser({ balance: 5_000_000 });
    const added = await w.t.request({
      method: 'POST',
      url: `${ADMIN}/numbers/services`,
      token: w.op.token,
      payload: { service: 'vi', country: '6', name: 'فايبر', country_name: 'إندونيسيا', price: '0.8' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // The stub provider's price list has no Viber in Indonesia: a count of 0.
    expect(
      (await w.t.request({ method: 'POST', url: `${ADMIN}/numbers/provider/sync`, token: w.op.token })).statusCode,
    ).toBe(200);
    const res = await w.t.request({
      method: 'POST',
      url: `${PUBLIC}/numbers`,
      token: c.token,
      payload: { service_id: added.json().data.service.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(numberMessages.soldOut);
    expect(await balanceOf(w.t, c.id)).toBe(5_000_000);
    expect(await w.t.db.selectFrom('number_activations').select('id').where('user_id', '=', c.id).execute()).toEqual(
      [],
    );
  });

  it('refuses an Idempotency-Key reused for another service, as orders do, and debits nothing', async () => {
    const c = await w.t.createUser({ balance: 5_000_000 });
    const headers = { 'idempotency-key': 'one-key-two-services' };
    const first = await buy(w, c, headers);
    const other = await w.t.request({
      method: 'POST',
      url: `${ADMIN}/numbers/services`,
      token: w.op.token,
      payload: { service: 'tg', country: '6', name: 'تيليجرام', country_name: 'إندونيسيا', price: '0.5' },
    });
    expect(other.statusCode, other.body).toBe(201);
    const res = await w.t.request({
      method: 'POST',
      url: `${PUBLIC}/numbers`,
      token: c.token,
      payload: { service_id: other.json().data.service.id },
      headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'idempotency_mismatch', msg: idempotencyMismatchMsg });
    expect((await buy(w, c, headers)).id).toBe(first.id);
    expect(await balanceOf(w.t, c.id)).toBe(5_000_000 - PRICE);
  });

  it('refuses a purchase the balance cannot pay, another customer’s purchase, and an unknown service', async () => {
    const poor = await w.t.createUser({ balance: 1_000_000 });
    const res = await w.t.request({
      method: 'POST',
      url: `${PUBLIC}/numbers`,
      token: poor.token,
      payload: { service_id: w.serviceId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/رصيد/);
    expect(
      await w.t.db.selectFrom('number_activations').select('id').where('user_id', '=', poor.id).execute(),
    ).toHaveLength(0);
    const unknown = await w.t.request({
      method: 'POST',
      url: `${PUBLIC}/numbers`,
      token: poor.token,
      payload: { service_id: 999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().msg).toBe('هذه الخدمة غير متاحة حالياً');

    const owner = await w.t.createUser({ balance: 2_000_000 });
    const p = await buy(w, owner);
    for (const [method, url] of [
      ['GET', `${PUBLIC}/numbers/${p.id}`],
      ['POST', `${PUBLIC}/numbers/${p.id}/cancel`],
      ['POST', `${PUBLIC}/numbers/${p.id}/resend`],
    ] as const) {
      const other = await w.t.request({ method, url, token: poor.token });
      expect(other.statusCode).toBe(404);
      expect(other.json().msg).toBe('عملية الشراء غير موجودة');
    }
    expect(await balanceOf(w.t, poor.id)).toBe(1_000_000);
  });

  it('lists the customer’s purchases newest first with a status filter, and the ledger verifies', async () => {
    const c = await w.t.createUser({ balance: 10_000_000 });
    w.stub.reset({ smsAfterMs: null });
    const first = await buy(w, c);
    const second = await buy(w, c);
    await w.t.request({ method: 'POST', url: `${PUBLIC}/numbers/${first.id}/cancel`, token: c.token });
    const all = (await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers`, token: c.token })).json().data;
    expect(all.purchases.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(all.paginate).toEqual({ nextPage: null, backPage: null });
    const cancelled = (
      await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers?status=cancelled`, token: c.token })
    ).json().data;
    expect(cancelled.purchases.map((p: { id: number }) => p.id)).toEqual([first.id]);
    const bad = await w.t.request({ method: 'GET', url: `${PUBLIC}/numbers?status=gone`, token: c.token });
    expect(bad.statusCode).toBe(422);
    await until(
      w,
      async () =>
        (
          await w.t.db
            .selectFrom('number_activations')
            .select('id')
            .where('step', '<>', 'done')
            .where('status', '<>', 'waiting')
            .execute()
        ).length === 0,
    );
    const report = await verifyLedger(w.t.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});
