import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { multipart } from './operator-fixtures';
import { chargeCount, pngReceipt, uploadCharge } from './topup-fixtures';

const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';
let t: TestApp;
let operator: TestUser;
let lira: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  operator = await t.createUser({ role: 'operator' });
  const banks = await t.db.selectFrom('banks').select(['id', 'currency']).orderBy('id').execute();
  lira = banks.find((b) => b.currency === 'TRY')!.id;
});
afterAll(async () => {
  await t.close();
});

async function addBank(fields: Record<string, string>) {
  return t.request({
    method: 'POST',
    url: `${ADMIN}/banks`,
    token: operator.token,
    ...multipart({ name: 'بنك الشام', iban: 'SY00 2222', ...fields }),
  });
}

describe("a top-up in the bank's currency", () => {
  it('the demo keeps its first bank in dollars and its Turkish bank in lira at the operator rate', async () => {
    const customer = await t.createUser();
    const { banks } = (await t.request({ method: 'GET', url: `${API}/banks`, token: customer.token })).json().data;
    expect(banks.map((b: { currency: string; rate: string }) => [b.currency, b.rate])).toEqual([
      ['USD', '1.00'],
      ['TRY', '42.50'],
    ]);
  });

  it('credits lira ÷ rate in dollars, cut down to the cent; replies carry currency, rate, amount_local', async () => {
    const customer = await t.createUser();
    // 1000 / 42.5 = 23.529…: the customer is credited 23.52 $, never the 23.53 that rounding up would give.
    const res = await uploadCharge(t, customer.token, { amount: '1000', bank_id: lira, file: pngReceipt() });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data.charge;
    expect(sent).toMatchObject({
      id: expect.any(Number),
      bank_id: lira,
      status: 'pending',
      amount: '23.52',
      currency: 'TRY',
      rate: '42.50',
      amount_local: '1000.00',
    });
    const listed = (await t.request({ method: 'GET', url: `${API}/charges`, token: customer.token })).json().data
      .charges[0];
    expect(listed).toMatchObject({
      id: sent.id,
      amount: '23.52',
      currency: 'TRY',
      rate: '42.50',
      amount_local: '1000.00',
    });
    const row = await t.db.selectFrom('charges').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect([Number(row.amount), Number(row.amount_local), Number(row.rate), row.currency]).toEqual([
      23_520_000,
      1_000_000_000,
      42_500_000,
      'TRY',
    ]);

    const queue = (await t.request({ method: 'GET', url: `${ADMIN}/charges/${sent.id}`, token: operator.token })).json()
      .data.charge;
    expect(queue).toMatchObject({ amount: '23.52', currency: 'TRY', rate: '42.50', amount_local: '1000.00' });
  });

  it('a rate set later does not change a request already made', async () => {
    const customer = await t.createUser();
    const created = await addBank({ currency: 'SYP', rate: '13000' });
    expect(created.statusCode, created.body).toBe(201);
    const bank = created.json().data.bank;
    expect(bank).toMatchObject({ currency: 'SYP', rate: '13000.00' });
    const res = await uploadCharge(t, customer.token, { amount: '١٣٠٠٠٠', bank_id: bank.id, file: pngReceipt() });
    expect(res.json().data.charge).toMatchObject({ amount: '10.00', amount_local: '130000.00', rate: '13000.00' });
    const patched = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/banks/${bank.id}`,
      token: operator.token,
      payload: { rate: '14500' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const listed = (await t.request({ method: 'GET', url: `${API}/charges`, token: customer.token })).json().data
      .charges[0];
    expect(listed).toMatchObject({ amount: '10.00', rate: '13000.00' });
  });

  it('refuses an amount worth less than a cent, and one over the dollar limit, with Arabic messages', async () => {
    const customer = await t.createUser();
    const before = await chargeCount(t);
    const tiny = await uploadCharge(t, customer.token, { amount: '0.40', bank_id: lira, file: pngReceipt() });
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json().errors.amount).toEqual(['المبلغ أقل من أن يعادل سنتاً واحداً بسعر الصرف الحالي']);
    // 10,000 $ is the default limit: 425,042.50 lira is 10,001 $.
    const huge = await uploadCharge(t, customer.token, { amount: '425042.50', bank_id: lira, file: pngReceipt() });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.amount[0]).toMatch(/^الحد الأقصى لمبلغ الشحن هو 10,000\.00 \$/);
    expect(await chargeCount(t)).toBe(before);
  });

  it('an operator must give a rate for a bank that is not in dollars; a dollar bank is always 1', async () => {
    const missing = await addBank({ currency: 'TRY' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.rate).toEqual(['يرجى إدخال سعر الصرف: كم وحدة من عملة البنك تساوي دولاراً واحداً']);
    const zero = await addBank({ currency: 'TRY', rate: '0' });
    expect(zero.statusCode).toBe(422);
    const usd = await addBank({ currency: 'USD', rate: '7' });
    expect(usd.statusCode).toBe(422);
    expect(usd.json().errors.rate).toEqual(['سعر صرف بنك بالدولار هو 1 دائماً، اترك الحقل فارغاً']);
    const dollars = (await addBank({ currency: 'USD' })).json().data.bank;
    expect(dollars).toMatchObject({ currency: 'USD', rate: '1.00' });
    // Turning it into a lira bank needs the rate; back to dollars, its rate is 1 again.
    const patch = (payload: object) =>
      t.request({ method: 'PATCH', url: `${ADMIN}/banks/${dollars.id}`, token: operator.token, payload });
    expect((await patch({ currency: 'TRY' })).statusCode).toBe(422);
    expect((await patch({ currency: 'TRY', rate: '42' })).json().data.bank).toMatchObject({ rate: '42.00' });
    expect((await patch({ currency: 'USD' })).json().data.bank).toMatchObject({ currency: 'USD', rate: '1.00' });
  });
});

describe('approving the dollar amount', () => {
  it('a corrected amount needs a reason, which the customer reads on the request and in the notification', async () => {
    const customer = await t.createUser();
    const sent = (await uploadCharge(t, customer.token, { amount: '1000', bank_id: lira, file: pngReceipt() })).json()
      .data.charge;
    const url = `${ADMIN}/charges/${sent.id}/approve`;
    const bare = await t.request({ method: 'POST', url, token: operator.token, payload: { amount: '20' } });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.reason).toEqual(['يرجى كتابة سبب تعديل المبلغ، فهو يظهر للعميل']);

    const reason = 'وصل 850 ليرة فقط بعد عمولة البنك';
    const ok = await t.request({ method: 'POST', url, token: operator.token, payload: { amount: '20', reason } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.charge).toMatchObject({
      status: 'success',
      amount: '20.00',
      reason,
      amount_local: '1000.00',
    });

    const seen = (path: string) => t.request({ method: 'GET', url: `${API}${path}`, token: customer.token });
    const charge = (await seen('/charges')).json().data.charges[0];
    expect(charge).toMatchObject({ status: 'success', amount: '20.00', reason });
    expect((await seen('/me')).json().data.user.balance).toBe('20.00');
    const notice = (await seen('/notifications')).json().data.notifications[0];
    expect(notice.msg).toContain(reason);
  });

  it('approving without a correction needs no reason and credits the computed dollars', async () => {
    const customer = await t.createUser();
    const sent = (await uploadCharge(t, customer.token, { amount: '85', bank_id: lira, file: pngReceipt() })).json()
      .data.charge;
    const ok = await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${sent.id}/approve`,
      token: operator.token,
      payload: {},
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.charge).toMatchObject({ amount: '2.00', reason: null });
  });
});
