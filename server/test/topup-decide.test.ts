import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveCharge, rejectCharge } from '../src/modules/topups/decide-charge';
import { setupApp, type TestApp, type TestUser } from './helper';
import { firstBankId, pngReceipt, uploadCharge } from './topup-fixtures';

let t: TestApp;
let operator: TestUser;
let bankId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  operator = await t.createUser({ role: 'operator' });
  bankId = await firstBankId(t);
});
afterAll(async () => {
  await t.close();
});

/** A customer with `balance` micros and one pending request of `amount`; returns both ids. */
async function pendingCharge(amount: string, balance = 0): Promise<{ user: TestUser; chargeId: number }> {
  const user = await t.createUser({ balance });
  expect((await uploadCharge(t, user.token, { amount, bank_id: bankId, file: pngReceipt() })).statusCode).toBe(200);
  const row = await t.db
    .selectFrom('charges')
    .select('id')
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { user, chargeId: row.id };
}

const approve = (chargeId: number, amount?: number, reason?: string) =>
  work(t.db, (trx) => approveCharge(trx, { chargeId, operatorId: operator.id, amount, reason }));
const reject = (chargeId: number, reason: string) =>
  work(t.db, (trx) => rejectCharge(trx, { chargeId, operatorId: operator.id, reason }));

async function seen(user: TestUser) {
  const [me, charges, balances, notices] = await Promise.all(
    ['/me', '/charges', '/balances', '/notifications'].map((u) =>
      t.request({ method: 'GET', url: `/public/api/v1${u}`, token: user.token }),
    ),
  );
  return {
    balance: me!.json().data.user.balance as string,
    charge: charges!.json().data.charges[0] as { status: string; amount: string; reason: string | null },
    ledger: balances!.json().data.balances as Array<{ credit: string; info: string }>,
    notices: notices!.json().data.notifications as Array<{ title: string; msg: string }>,
  };
}

describe('approving a top-up', () => {
  it('credits the amount once, in the ledger, and tells the customer', async () => {
    const { user, chargeId } = await pendingCharge('25.50', 5_000_000);
    const result = await approve(chargeId);
    expect(result).toMatchObject({ chargeId, userId: user.id, amount: 25_500_000, balance: 30_500_000 });
    const s = await seen(user);
    expect(s.balance).toBe('30.50');
    expect(s.charge).toMatchObject({ status: 'success', amount: '25.50' });
    expect(s.ledger[0]).toMatchObject({ credit: '25.50', info: `شحن رصيد عبر بنك البركة — طلب شحن رقم ${chargeId}` });
    expect(s.notices[0]).toMatchObject({
      title: 'تم شحن رصيدك',
      msg: `تمت الموافقة على طلب الشحن رقم ${chargeId} وأُضيف 25.50 $ إلى رصيدك.`,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'charge')
      .where('entity_id', '=', chargeId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: operator.id, action: 'charge.approve' });
  });

  it('credits the corrected amount when the operator changes it, with the reason the customer reads', async () => {
    const { user, chargeId } = await pendingCharge('100');
    await expect(approve(chargeId, 90_000_000)).rejects.toMatchObject({
      status: 422,
      errors: { reason: ['يرجى كتابة سبب تعديل المبلغ، فهو يظهر للعميل'] },
    });
    expect((await seen(user)).charge.status).toBe('pending');
    await approve(chargeId, 90_000_000, 'وصل 90 دولاراً بعد عمولة البنك');
    const s = await seen(user);
    expect(s.balance).toBe('90.00');
    expect(s.charge).toMatchObject({ amount: '90.00', reason: 'وصل 90 دولاراً بعد عمولة البنك' });
    expect(s.notices.find((n) => n.title === 'تم شحن رصيدك')?.msg).toContain('وصل 90 دولاراً بعد عمولة البنك');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity', '=', 'charge')
      .where('entity_id', '=', chargeId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!).amount).toBe(100_000_000);
    expect(JSON.parse(audit.after!).amount).toBe(90_000_000);
  });

  it('refuses a corrected amount of zero or less and changes nothing', async () => {
    const { user, chargeId } = await pendingCharge('10');
    await expect(approve(chargeId, 0)).rejects.toMatchObject({ status: 422 });
    await expect(approve(chargeId, -5)).rejects.toMatchObject({ status: 422 });
    expect((await seen(user)).charge.status).toBe('pending');
  });

  it('credits once when the same request is approved twice', async () => {
    const { user, chargeId } = await pendingCharge('7');
    await approve(chargeId);
    await expect(approve(chargeId)).rejects.toMatchObject({ status: 409, message: 'تمت معالجة طلب الشحن هذا مسبقاً' });
    expect((await seen(user)).balance).toBe('7.00');
  });

  it('credits once when eight approvals race [a race on PostgreSQL; SQLite serialises writers]', async () => {
    const { user, chargeId } = await pendingCharge('12.25');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => approve(chargeId)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.status === 409),
    ).toBe(true);
    const s = await seen(user);
    expect(s.balance).toBe('12.25');
    expect(s.ledger.filter((e) => e.credit === '12.25')).toHaveLength(1);
    expect(s.notices.filter((n) => n.title === 'تم شحن رصيدك')).toHaveLength(1);
  });

  it(
    'lets exactly one of a racing approval and rejection win [a race ' + 'on PostgreSQL; SQLite serialises writers]',
    async () => {
      const { user, chargeId } = await pendingCharge('3');
      const results = await Promise.allSettled([
        approve(chargeId),
        reject(chargeId, 'الإشعار غير واضح'),
        approve(chargeId),
        reject(chargeId, 'مكرر'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const s = await seen(user);
      expect(s.balance).toBe(s.charge.status === 'success' ? '3.00' : '0.00');
      expect(s.notices.filter((n) => n.title === 'تم شحن رصيدك' || n.title === 'تم رفض طلب الشحن')).toHaveLength(1);
    },
  );

  it('answers 404 for a request that does not exist', async () => {
    await expect(approve(987_654)).rejects.toMatchObject({ status: 404 });
  });
});

describe('rejecting a top-up', () => {
  it('moves no money and tells the customer why', async () => {
    const { user, chargeId } = await pendingCharge('40', 1_000_000);
    await reject(chargeId, '  المبلغ في الإشعار لا يطابق المبلغ المدخل  ');
    const s = await seen(user);
    expect(s.balance).toBe('1.00');
    expect(s.charge.status).toBe('cancel');
    expect(s.notices[0]).toEqual(
      expect.objectContaining({
        title: 'تم رفض طلب الشحن',
        msg: `رُفض طلب الشحن رقم ${chargeId}. السبب: المبلغ في الإشعار لا يطابق المبلغ المدخل`,
      }),
    );
    await expect(approve(chargeId)).rejects.toMatchObject({ status: 409 });
    expect((await seen(user)).balance).toBe('1.00');
  });

  it('needs a reason', async () => {
    const { chargeId } = await pendingCharge('4');
    await expect(reject(chargeId, '   ')).rejects.toMatchObject({
      status: 422,
      errors: { reason: ['يرجى كتابة سبب الرفض'] },
    });
  });
});
