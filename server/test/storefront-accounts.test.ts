import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLedgerReport, verifyLedger } from '../src/modules/wallet';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, balanceOf, makeCatalog, PUBLIC } from './operator-fixtures';
import { setAccountBalance } from './storefront-account-fixtures';

// Each storefront other than 1 has an account with the provider: its customers' orders debit it
// at the provider's price in the order's transaction, refunds give it back, an account that
// cannot cover an order refuses it whole, and ledger:verify proves it per storefront.
// A is the provider's own store (1); B sells the 10.00 product at 11.00.

const USD = 1_000_000;
const A = 'localhost';
const B = 'b.localhost';
const COVER =
  'تعذّر على المتجر تنفيذ هذا الطلب حالياً، ولم يُخصم أي مبلغ من رصيدك. يرجى المحاولة لاحقاً أو التواصل مع المتجر';

let t: TestApp;
let op: TestUser;
let b: number;
let productId: number;

type Json = Record<string, any>;
const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = op.token) =>
  t.request({ method, url: `${ADMIN}${url}`, token, ...(payload ? { payload } : {}) });
const order = (host: string, who: TestUser) =>
  t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    headers: { host },
    token: who.token,
    payload: { playerId: '5123456789', productId },
  });
const account = async (storefront = b): Promise<Json> => {
  const res = await admin('GET', `/storefronts/${storefront}/account`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
/** "25" credits B's account, "-5" debits it. */
const adjust = (amount: string, reason = 'تحويل') =>
  admin('POST', `/storefronts/${b}/account/adjust`, { amount, reason });
const setLimit = (limit: string) => admin('PATCH', `/storefronts/${b}/account`, { credit_limit: limit });
/** Brings B's account to `balance` with `limit`, through the operator's own routes. */
async function accountAt(balance: number, limit: string): Promise<void> {
  expect((await setLimit('0')).statusCode).toBe(200);
  const now = Number((await account()).account.balance) * USD;
  const diff = Math.round(balance - now);
  if (diff !== 0) expect((await adjust(String(diff / USD))).statusCode).toBe(200);
  expect((await setLimit(limit)).statusCode).toBe(200);
}
const ordersOf = (userId: number) =>
  t.db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', userId).execute();
async function expectVerifyClean(): Promise<void> {
  const report = await verifyLedger(t.db);
  expect(report.storefronts.map((s) => [s.storefrontId, s.issues])).toContainEqual([b, []]);
  expect(report.ok, JSON.stringify(report.storefronts)).toBe(true);
}

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  productId = (await makeCatalog(t, op, '10.00')).product.id;
  const made = await admin('POST', '/storefronts', { name: 'متجر باء', hosts: [B], markup_percent: 10 });
  expect(made.statusCode, made.body).toBe(201);
  b = made.json().data.storefront.id;
});
afterAll(() => t.close());

describe('a storefront’s account with the provider', () => {
  it('refuses B’s order while B’s account cannot cover it: an Arabic 422, nothing charged on either side', async () => {
    const customer = await t.createUser({ balance: 50 * USD, storefrontId: b });
    const res = await order(B, customer);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ status: 'error', msg: COVER });
    expect(await balanceOf(t, customer.id)).toBe(50 * USD);
    expect(await ordersOf(customer.id)).toEqual([]);
    const { account: acc, lines } = await account();
    expect(acc).toMatchObject({ balance: '0.00', available: '0.00', low: true, refused_count: 1 });
    expect(acc.last_refused_price).toBe('10.00');
    expect(lines).toEqual([]);
  });

  it('debits B’s account the provider’s 10.00 while B’s customer pays 11.00; A’s orders touch no account', async () => {
    expect((await adjust('25', 'حوالة من المتجر')).statusCode).toBe(200);
    const customer = await t.createUser({ balance: 50 * USD, storefrontId: b });
    const res = await order(B, customer);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order.price).toBe('11.00');
    expect(await balanceOf(t, customer.id)).toBe(39 * USD);
    const { account: acc, lines } = await account();
    expect(acc).toMatchObject({ balance: '15.00', credit_limit: '0.00', available: '15.00' });
    expect(lines[0]).toMatchObject({ debit: '10.00', credit: '0.00', balance_after: '15.00', ref_type: 'order' });
    expect(lines[0].ref_id).toBe(res.json().data.order.id);
    const reason = 'إيداع من المزوّد: حوالة من المتجر';
    expect(lines[1]).toMatchObject({ credit: '25.00', ref_type: 'adjust', reason });

    const onA = await order(A, await t.createUser({ balance: 50 * USD }));
    expect(onA.statusCode, onA.body).toBe(201);
    const count = await t.db
      .selectFrom('storefront_ledger')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(2);
    const provider = await admin('GET', '/storefronts/1/account');
    expect(provider.statusCode).toBe(404);
    expect(provider.json().msg).toBe('المتجر رقم 1 هو متجر المزوّد نفسه، وليس له حساب لدى المزوّد');
    await expectVerifyClean();
  });

  it('gives B’s account the provider’s price back when the order is rejected, once', async () => {
    await accountAt(20 * USD, '0');
    const customer = await t.createUser({ balance: 11 * USD, storefrontId: b });
    const placed = await order(B, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await account()).account.balance).toBe('10.00');
    const id = placed.json().data.order.id;
    const rejected = await admin('POST', `/orders/${id}/reject`, { cancel_msg: 'غير متوفر' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await admin('POST', `/orders/${id}/reject`, { cancel_msg: 'مرة ثانية' })).statusCode).not.toBe(200);
    expect(await balanceOf(t, customer.id)).toBe(11 * USD);
    const { account: acc, lines } = await account();
    expect(acc.balance).toBe('20.00');
    expect(lines[0]).toMatchObject({ credit: '10.00', ref_type: 'order_refund', ref_id: id });
    await expectVerifyClean();
  });

  it('lets the account go below zero down to its credit limit, and no further', async () => {
    await accountAt(5 * USD, '15');
    expect((await account()).account).toMatchObject({ balance: '5.00', credit_limit: '15.00', available: '20.00' });
    const customer = await t.createUser({ balance: 100 * USD, storefrontId: b });
    expect((await order(B, customer)).statusCode).toBe(201);
    expect((await order(B, customer)).statusCode).toBe(201);
    expect((await account()).account).toMatchObject({ balance: '-15.00', available: '0.00', low: true });
    const refused = await order(B, customer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(COVER);
    expect(await balanceOf(t, customer.id)).toBe(78 * USD);
    // An operator's debit is held to the limit as well.
    const debit = await adjust('-1');
    expect(debit.statusCode).toBe(422);
    expect(debit.json().errors.amount[0]).toContain('0.00');
    await expectVerifyClean();
  });

  it('keeps every account whole under 20 orders at once on A and B: no overdraft, verify clean', async () => {
    await accountAt(45 * USD, '30');
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.createUser({ balance: 20 * USD, ...(i % 2 ? { storefrontId: b } : {}) })),
    );
    const results = await Promise.all(shoppers.map((s, i) => order(i % 2 ? B : A, s)));
    const onB = results.filter((_, i) => i % 2);
    const onA = results.filter((_, i) => !(i % 2));
    expect(onA.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    // 45 + 30 covers seven orders at 10.00, not eight.
    expect(onB.filter((r) => r.statusCode === 201)).toHaveLength(7);
    for (const r of onB.filter((x) => x.statusCode !== 201)) expect(r.json().msg).toBe(COVER);
    expect((await account()).account).toMatchObject({ balance: '-25.00', available: '5.00' });
    await expectVerifyClean();
  });

  it('covers exactly what the account holds under 30 orders at once, and takes refunds back', async () => {
    await accountAt(100 * USD, '0');
    const shoppers = await Promise.all(
      Array.from({ length: 30 }, () => t.createUser({ balance: 20 * USD, storefrontId: b })),
    );
    const results = await Promise.all(shoppers.map((s) => order(B, s)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.json().msg).toBe(COVER);
    expect((await account()).account).toMatchObject({ balance: '0.00', available: '0.00' });
    await expectVerifyClean();

    // Refunds come back into the account whatever share each order was paid from.
    const placed = results.filter((r) => r.statusCode === 201).slice(0, 3);
    for (const r of placed) {
      const rejected = await admin('POST', `/orders/${r.json().data.order.id}/reject`, { cancel_msg: 'غير متوفر' });
      expect(rejected.statusCode, rejected.body).toBe(200);
    }
    expect((await account()).account.balance).toBe('30.00');
    const later = await Promise.all(
      Array.from({ length: 12 }, () => t.createUser({ balance: 20 * USD, storefrontId: b })),
    );
    const more = await Promise.all(later.map((s) => order(B, s)));
    expect(more.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of more.filter((x) => x.statusCode !== 201)) expect(r.json().msg).toBe(COVER);
    await expectVerifyClean();
  });

  it('lets an operator debit the whole balance while orders have spread it', async () => {
    await accountAt(200 * USD, '0');
    const shoppers = await Promise.all(
      Array.from({ length: 12 }, () => t.createUser({ balance: 20 * USD, storefrontId: b })),
    );
    const results = await Promise.all(shoppers.map((s) => order(B, s)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect((await account()).account.balance).toBe('80.00');
    const tooMuch = await adjust('-80.01');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount[0]).toContain('80.00');
    expect((await adjust('-80')).statusCode).toBe(200);
    expect((await account()).account).toMatchObject({ balance: '0.00', available: '0.00' });
    const refused = await order(B, await t.createUser({ balance: 20 * USD, storefrontId: b }));
    expect(refused.json().msg).toBe(COVER);
    await expectVerifyClean();
  });

  it('shows each line with the balance after it, from the newest page to the next', async () => {
    await accountAt(300 * USD, '0');
    const shoppers = await Promise.all(
      Array.from({ length: 24 }, () => t.createUser({ balance: 20 * USD, storefrontId: b })),
    );
    const results = await Promise.all(shoppers.map((s) => order(B, s)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(24).fill(201));
    const first = await account();
    expect(first.account.balance).toBe('60.00');
    expect(first.lines).toHaveLength(20);
    const next = await admin('GET', `/storefronts/${b}/account?before=${first.next_before}`);
    expect(next.statusCode, next.body).toBe(200);
    const lines = [...first.lines, ...next.json().data.lines];
    expect(lines[0].balance_after).toBe('60.00');
    // Each older line's balance is the newer one's less what the newer line moved.
    for (let i = 1; i < lines.length; i++) {
      const newer = lines[i - 1];
      const expected = Number(newer.balance_after) - Number(newer.credit) + Number(newer.debit);
      expect(Number(lines[i].balance_after), `line ${lines[i].id}`).toBeCloseTo(expected, 6);
    }
  });

  it('shows B’s staff their own account, never another’s, and keeps its changes to the provider', async () => {
    const staff = await t.createUser({ role: 'operator' });
    await t.db.updateTable('users').set({ storefront_id: b }).where('id', '=', staff.id).execute();
    const own = await admin('GET', `/storefronts/${b}/account`, undefined, staff.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.account.storefront_id).toBe(b);
    const list = await admin('GET', '/storefront-accounts', undefined, staff.token);
    expect(list.json().data.accounts.map((a: Json) => a.storefront_id)).toEqual([b]);
    const other = await admin('POST', '/storefronts', { name: 'متجر جيم', hosts: ['c.localhost'] });
    const c = other.json().data.storefront.id;
    expect((await admin('GET', `/storefronts/${c}/account`, undefined, staff.token)).statusCode).toBe(404);
    // The provider's operators see every storefront's; one never changed reads as an account at 0.
    const all = (await admin('GET', '/storefront-accounts')).json().data.accounts;
    expect(all.map((a: Json) => [a.storefront_id, a.balance])).toEqual([
      [b, own.json().data.account.balance],
      [c, '0.00'],
    ]);
    const credit = await admin('POST', `/storefronts/${b}/account/adjust`, { amount: '5', reason: 'x' }, staff.token);
    expect(credit.statusCode).toBe(403);
    const limit = await admin('PATCH', `/storefronts/${b}/account`, { credit_limit: '500' }, staff.token);
    expect(limit.statusCode).toBe(403);
  });

  it('reports per storefront: one line each, OK while it holds', async () => {
    const text = formatLedgerReport(await verifyLedger(t.db));
    expect(text).toMatch(new RegExp(`storefront #${b} \\(متجر باء\\): balance -?\\d+\\.\\d+, .*: OK`));
  });

  it('names an order whose debit is not its provider price, and a balance that left its ledger', async () => {
    const customer = await t.createUser({ balance: 20 * USD, storefrontId: b });
    await accountAt(20 * USD, '0');
    const placed = await order(B, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().data.order.id;
    await t.db
      .updateTable('orders')
      .set({ provider_price: 9 * USD })
      .where('id', '=', id)
      .execute();
    let check = (await verifyLedger(t.db)).storefronts.find((s) => s.storefrontId === b);
    expect(check?.issues).toEqual([`order #${id} (pending): debited 10.00, its provider_price is 9.00`]);

    await t.db
      .updateTable('orders')
      .set({ provider_price: 10 * USD })
      .where('id', '=', id)
      .execute();
    await setAccountBalance(t.db, b, 1);
    const report = await verifyLedger(t.db);
    expect(report.ok).toBe(false);
    check = report.storefronts.find((s) => s.storefrontId === b);
    expect(check?.issues[0]).toMatch(/^stored balance 0\.000001, ledger credits - debits 10\.00/);
    expect(formatLedgerReport(report)).toMatch(new RegExp(`DRIFT storefront #${b} `));
  });
});
