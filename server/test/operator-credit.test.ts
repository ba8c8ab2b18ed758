import { afterAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/modules/wallet/verify';
import { formatLedgerReport } from '../src/modules/wallet/verify-report';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, PUBLIC } from './operator-fixtures';

const t: TestApp = await setupApp();
const op: TestUser = await t.createUser({ role: 'operator' });
afterAll(() => t.close());

const post = (userId: number, action: 'credit' | 'settle', payload: unknown, token = op.token) =>
  t.request({ method: 'POST', url: `${ADMIN}/users/${userId}/${action}`, token, payload: payload as object });
const patchUser = (userId: number, payload: unknown) =>
  t.request({ method: 'PATCH', url: `${ADMIN}/users/${userId}`, token: op.token, payload: payload as object });
const me = async (u: TestUser) =>
  (await t.request({ method: 'GET', url: `${PUBLIC}/me`, token: u.token })).json().data.user;
const balances = async (u: TestUser) =>
  (await t.request({ method: 'GET', url: `${PUBLIC}/balances`, token: u.token })).json().data;
const auditOf = async (userId: number) =>
  (await t.request({ method: 'GET', url: `${ADMIN}/audit?entity=user&entity_id=${userId}`, token: op.token })).json()
    .data.entries as Array<{ action: string; after: Record<string, string> }>;

describe('the debt balance', () => {
  it(
    'lends: the balance and the debt grow together, the customer ' + 'sees "رصيد دين", the operator an audit row',
    async () => {
      const u = await t.createUser({ balance: 5_000_000 });
      const res = await post(u.id, 'credit', { amount: '20', reason: 'وكيل موثوق' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ balance: '25.00', deposit: '20.00' });
      expect(res.json().data.entries).toMatchObject([
        { kind: 'lend', amount: '20.00', debt_after: '20.00', reason: 'وكيل موثوق' },
      ]);
      expect(await me(u)).toMatchObject({ balance: '25.00', deposit: '20.00' });
      const page = await balances(u);
      expect(page).toMatchObject({ total_balance: '25.00', deposit: '20.00' });
      expect(page.balances[0]).toMatchObject({ credit: '20.00', debit: '0.00', info: 'رصيد دين: وكيل موثوق' });
      expect((await auditOf(u.id))[0]).toMatchObject({
        action: 'user.credit',
        after: { deposit: '20.00', balance: '25.00', amount: '20.00' },
      });
    },
  );

  it('records a repayment: the debt falls, the balance stays, and the customer sees the line', async () => {
    const u = await t.createUser();
    await post(u.id, 'credit', { amount: '30', reason: 'دفعة أولى' });
    const res = await post(u.id, 'settle', { amount: '12.5', reason: 'حوالة' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ balance: '30.00', deposit: '17.50' });
    expect(res.json().data.entries.map((e: { kind: string; debt_after: string }) => [e.kind, e.debt_after])).toEqual([
      ['repay', '17.50'],
      ['lend', '30.00'],
    ]);
    const page = await balances(u);
    expect(page).toMatchObject({ total_balance: '30.00', deposit: '17.50' });
    expect(page.balances[0]).toMatchObject({ credit: '0.00', debit: '0.00', info: 'سداد دين بمبلغ 12.50: حوالة' });
    expect((await auditOf(u.id))[0]).toMatchObject({
      action: 'user.settle',
      after: { deposit: '17.50', amount: '12.50' },
    });
  });

  it('refuses a repayment larger than the debt with a 422 and changes nothing', async () => {
    const u = await t.createUser();
    await post(u.id, 'credit', { amount: '10', reason: 'دين' });
    const res = await post(u.id, 'settle', { amount: '10.01', reason: 'أكثر من الدين' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: 'error',
      msg: 'مبلغ السداد أكبر من الدين الحالي (10.00)',
      errors: { amount: ['مبلغ السداد أكبر من الدين الحالي (10.00)'] },
    });
    expect(await me(u)).toMatchObject({ balance: '10.00', deposit: '10.00' });
    expect((await balances(u)).balances).toHaveLength(1);
  });

  it(
    'refuses lending beyond the credit limit, also when lends race [a ' +
      'race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const u = await t.createUser();
      const limit = await patchUser(u.id, { credit_limit: '100' });
      expect(limit.statusCode, limit.body).toBe(200);
      expect(limit.json().data.user.credit_limit).toBe('100.00');
      const results = await Promise.all(
        Array.from({ length: 5 }, () => post(u.id, 'credit', { amount: '30', reason: 'دفعة' })),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 422, 422]);
      const refused = results.find((r) => r.statusCode === 422)!;
      expect(refused.json().msg).toBe('المبلغ يتجاوز حد الدين المسموح لهذا العميل (100.00)');
      expect(await me(u)).toMatchObject({ balance: '90.00', deposit: '90.00' });
      expect((await post(u.id, 'credit', { amount: '10', reason: 'حتى الحد' })).statusCode).toBe(200);
      const unlimited = await patchUser(u.id, { credit_limit: '' });
      expect(unlimited.json().data.user.credit_limit).toBeNull();
      expect((await post(u.id, 'credit', { amount: '500', reason: 'بلا حد' })).statusCode).toBe(200);
    },
  );

  it('answers bad input, unknown users and customers with Arabic 4xx', async () => {
    const u = await t.createUser();
    for (const amount of ['0', '-5', 'abc', '']) {
      const res = await post(u.id, 'credit', { amount, reason: 'x' });
      expect(res.statusCode, amount).toBe(422);
      expect(res.json().errors.amount).toBeDefined();
    }
    expect((await post(u.id, 'credit', { amount: '5' })).json().errors.reason).toBeDefined();
    const missing = await post(999_999, 'credit', { amount: '5', reason: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('المستخدم غير موجود');
    expect((await post(u.id, 'credit', { amount: '5', reason: 'x' }, u.token)).statusCode).toBe(403);
    expect(await me(u)).toMatchObject({ balance: '0.00', deposit: '0.00' });
  });

  it('ledger:verify proves debt = lent − repaid and names a customer whose debt was altered', async () => {
    const u = await t.createUser();
    await post(u.id, 'credit', { amount: '40', reason: 'دين' });
    await post(u.id, 'settle', { amount: '15', reason: 'سداد' });
    const clean = await verifyLedger(t.db);
    expect(clean).toMatchObject({ ok: true, debtIssues: [] });
    expect(formatLedgerReport(clean)).toContain('Every debt equals what was lent minus what was repaid.');
    await t.db.updateTable('users').set({ deposit: 1_000_000 }).where('id', '=', u.id).execute();
    const report = await verifyLedger(t.db);
    expect(report.ok).toBe(false);
    expect(report.debtIssues).toEqual([
      { user_id: u.id, email: u.email, deposit: 1_000_000, lent: 40_000_000, repaid: 15_000_000, credited: 40_000_000 },
    ]);
    expect(formatLedgerReport(report)).toContain(
      `DEBT user #${u.id} <${u.email}>: stored debt 1.00, lent 40.00 - repaid 15.00 = 25.00`,
    );
    await t.db.updateTable('users').set({ deposit: 25_000_000 }).where('id', '=', u.id).execute();
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });
});
