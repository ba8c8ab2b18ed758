import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectCharge } from '../src/modules/topups/decide-charge';
import { setupApp, type TestApp, type TestUser } from './helper';
import { multipart } from './operator-fixtures';
import { firstBankId, pngReceipt, uploadCharge } from './topup-fixtures';

const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';
let t: TestApp;
let operator: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  operator = await t.createUser({ role: 'operator' });
  customer = await t.createUser();
});
afterAll(async () => {
  await t.close();
});

/** What a customer needs to trust a transfer or find a game: holder names, keywords, reasons. */
describe('details customers check before they pay', () => {
  it('each bank carries the account holder, and the operator can set it (audited)', async () => {
    const banks = (await t.request({ method: 'GET', url: `${API}/banks`, token: customer.token })).json().data.banks;
    expect(banks[0].holder).toBe('شركة رصيد للتجارة الإلكترونية');
    const created = await t.request({
      method: 'POST',
      url: `${ADMIN}/banks`,
      token: operator.token,
      ...multipart({ name: 'بنك جديد', iban: 'SY00 1111', holder: 'أحمد الخطيب' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.bank.holder).toBe('أحمد الخطيب');
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity'])
      .where('entity', '=', 'bank')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.entity).toBe('bank');
  });

  it('categories carry operator-editable keywords, so "pubg" can find ببجي', async () => {
    const categories = (await t.request({ method: 'GET', url: `${API}/categories`, token: customer.token })).json().data
      .categories;
    const pubg = categories.find((c: { keywords: string }) => c.keywords.includes('pubg'));
    expect(pubg.name).toBe('ببجي موبايل');
    const patched = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/categories/${pubg.id}`,
      token: operator.token,
      payload: { keywords: 'pubg bgmi' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const again = (await t.request({ method: 'GET', url: `${API}/categories`, token: customer.token })).json().data
      .categories;
    expect(again.find((c: { id: number }) => c.id === pubg.id).keywords).toBe('pubg bgmi');
  });

  it("a rejected top-up shows the operator's reason to its customer, and a pending one none", async () => {
    const u = await t.createUser();
    const bankId = await firstBankId(t);
    expect((await uploadCharge(t, u.token, { amount: '15', bank_id: bankId, file: pngReceipt() })).statusCode).toBe(
      200,
    );
    const row = await t.db.selectFrom('charges').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    let charges = (await t.request({ method: 'GET', url: `${API}/charges`, token: u.token })).json().data.charges;
    expect(charges[0]).toMatchObject({ status: 'pending', reason: null });
    await work(t.db, (trx) =>
      rejectCharge(trx, { chargeId: row.id, operatorId: operator.id, reason: 'الإشعار غير واضح' }),
    );
    charges = (await t.request({ method: 'GET', url: `${API}/charges`, token: u.token })).json().data.charges;
    expect(charges[0]).toMatchObject({ status: 'cancel', reason: 'الإشعار غير واضح' });
  });
});
