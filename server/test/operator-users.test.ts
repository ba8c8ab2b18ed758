import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, balanceOf, PUBLIC } from './operator-fixtures';

let t: TestApp;
let op: TestUser;

const $ = (n: string) => Math.round(Number(n) * 1_000_000);

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
});
afterAll(async () => {
  await t.close();
});

const adjust = (userId: number, payload: unknown) =>
  t.request({ method: 'POST', url: `${ADMIN}/users/${userId}/adjust`, token: op.token, payload: payload as object });

describe('users', () => {
  it('finds users by email, name fragment or #id, and filters by role', async () => {
    const u = await t.createUser({ email: 'Findme-123@test.local'.toLowerCase() });
    const byEmail = await t.request({ method: 'GET', url: `${ADMIN}/users?search=findme`, token: op.token });
    expect(byEmail.json().data.users.map((x: { id: number }) => x.id)).toEqual([u.id]);
    const byId = await t.request({ method: 'GET', url: `${ADMIN}/users?search=%23${u.id}`, token: op.token });
    expect(byId.json().data.users.map((x: { id: number }) => x.id)).toContain(u.id);
    const ops = await t.request({ method: 'GET', url: `${ADMIN}/users?role=operator`, token: op.token });
    expect(ops.json().data.users.every((x: { role: string }) => x.role === 'operator')).toBe(true);
    expect(JSON.stringify(ops.json())).not.toMatch(/password_hash|totp_secret|argon2/);
  });

  it('credits and debits with a reason the customer reads on the ledger and in a notice', async () => {
    const u = await t.createUser();
    const up = await adjust(u.id, { amount: '10', reason: 'تعويض عن طلب متأخر' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data.user.balance).toBe('10.00');
    const down = await adjust(u.id, { amount: '-2.5', reason: 'تصحيح شحن مكرر' });
    expect(down.json().data.user.balance).toBe('7.50');
    const ledger = await t.request({ method: 'GET', url: `${PUBLIC}/balances`, token: u.token });
    const infos = ledger
      .json()
      .data.balances.map((b: { info: string; credit: string; debit: string }) => [b.info, b.credit, b.debit]);
    expect(infos).toContainEqual(['تعديل الرصيد من الإدارة: تصحيح شحن مكرر', '0.00', '2.50']);
    expect(infos).toContainEqual(['تعديل الرصيد من الإدارة: تعويض عن طلب متأخر', '10.00', '0.00']);
    const notices = await t.request({ method: 'GET', url: `${PUBLIC}/notifications`, token: u.token });
    expect(
      notices.json().data.notifications.filter((n: { title: string }) => n.title === 'تم تعديل رصيدك'),
    ).toHaveLength(2);
    const log = await t.request({
      method: 'GET',
      url: `${ADMIN}/audit?entity=user&entity_id=${u.id}`,
      token: op.token,
    });
    expect(log.json().data.entries[0]).toMatchObject({
      action: 'user.adjust',
      before: { balance: '10.00' },
      after: { balance: '7.50', amount: '-2.50', reason: 'تصحيح شحن مكرر' },
    });
  });

  it('refuses a debit larger than the balance, a zero amount and a missing reason', async () => {
    const u = await t.createUser({ balance: $('3') });
    const cases: Array<[unknown, string]> = [
      [{ amount: '-3.01', reason: 'خصم' }, 'amount'],
      [{ amount: '0', reason: 'لا شيء' }, 'amount'],
      [{ amount: 'ten', reason: 'خطأ' }, 'amount'],
      [{ amount: '5' }, 'reason'],
      [{ amount: '5', reason: '   ' }, 'reason'],
      [{ amount: '5', reason: 'س'.repeat(301) }, 'reason'],
    ];
    for (const [payload, field] of cases) {
      const res = await adjust(u.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect(await balanceOf(t, u.id)).toBe($('3'));
    expect((await adjust(999_999, { amount: '1', reason: 'x' })).statusCode).toBe(404);
  });

  it(
    'never takes a balance below zero when debits race [a race on ' + 'PostgreSQL; SQLite serialises writers]',
    async () => {
      const u = await t.createUser({ balance: $('10') });
      const results = await Promise.all(
        Array.from({ length: 5 }, () => adjust(u.id, { amount: '-3', reason: 'خصم متزامن' })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
      expect(await balanceOf(t, u.id)).toBe($('1'));
      const rows = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', u.id).execute();
      expect(rows.reduce((s, r) => s + r.credit - r.debit, 0)).toBe($('1'));
    },
  );

  it("refuses a debit larger than the balance on the amount field, in the operator's words", async () => {
    const u = await t.createUser({ balance: $('2') });
    const res = await adjust(u.id, { amount: '-5', reason: 'خصم أكبر من الرصيد' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'error',
      msg: 'رصيد المستخدم أقل من مبلغ الخصم',
      errors: { amount: ['رصيد المستخدم أقل من مبلغ الخصم'] },
    });
    expect(await balanceOf(t, u.id)).toBe($('2'));
  });
});

describe('notices', () => {
  it('sends to one customer only, or to everyone', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const one = await t.request({
      method: 'POST',
      url: `${ADMIN}/notifications`,
      token: op.token,
      payload: { user_id: a.id, title: 'تنبيه خاص', msg: 'طلبك جاهز للاستلام' },
    });
    expect(one.statusCode).toBe(201);
    const all = await t.request({
      method: 'POST',
      url: `${ADMIN}/notifications`,
      token: op.token,
      payload: { title: 'إعلان عام', msg: 'عروض العيد تبدأ غداً' },
    });
    expect(all.json().data.notification.user_id).toBeNull();
    const titles = async (u: TestUser) =>
      (await t.request({ method: 'GET', url: `${PUBLIC}/notifications`, token: u.token }))
        .json()
        .data.notifications.map((n: { title: string }) => n.title);
    expect(await titles(a)).toEqual(expect.arrayContaining(['تنبيه خاص', 'إعلان عام']));
    expect(await titles(b)).toContain('إعلان عام');
    expect(await titles(b)).not.toContain('تنبيه خاص');
    const unknown = await t.request({
      method: 'POST',
      url: `${ADMIN}/notifications`,
      token: op.token,
      payload: { user_id: 999_999, title: 'x', msg: 'y' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.user_id).toEqual(['المستخدم غير موجود']);
  });
});
