import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/database';
import { acceptOrder, holdOrder, rejectOrder } from '../src/modules/queues/decide';
import { lend } from '../src/modules/wallet/debt';
import { credit } from '../src/modules/wallet/ledger';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let operator: TestUser;
let rejectedId: number;

beforeAll(async () => {
  t = await setupApp();
  customer = await t.createUser({ balance: 96_250_000 });
  other = await t.createUser({ balance: 5_000_000 });
  operator = await t.createUser({ role: 'operator' });
  // Sold on credit: the debt card shows 3.75 and the balance reaches 100.
  await work(t.db, (trx) => lend(trx, operator.id, customer.id, 3_750_000, 'دين الوكيل'));
  const productId = await makeProduct(t.db);
  const decide = <T>(fn: (trx: DB) => Promise<T>) => work(t.db, fn);
  const accepted = await placeTestOrder(t.db, customer.id, { productId, price: 10_000_000 });
  await decide((trx) => acceptOrder(trx, accepted.id, { actorId: operator.id }));
  await placeTestOrder(t.db, customer.id, { productId, price: 2_500_000 }); // pending
  const waiting = await placeTestOrder(t.db, customer.id, { productId, price: 1_250_000 });
  await decide((trx) => holdOrder(trx, waiting.id, { actorId: operator.id }));
  const rejected = await placeTestOrder(t.db, customer.id, { productId, price: 7_000_000 });
  await decide((trx) => rejectOrder(trx, rejected.id, { actorId: operator.id }));
  rejectedId = rejected.id;
  // 1 opening credit + 1 lend + 4 purchases + 1 refund so far; pad to 27 rows with small credits.
  for (let i = 0; i < 20; i++) {
    await work(t.db, (trx) =>
      credit(trx, customer.id, 10_000 * (i + 1), `إيداع ${i + 1}`, { type: 'adjust', id: null }),
    );
  }
  await placeTestOrder(t.db, other.id, { productId, price: 1_000_000 });
});
afterAll(async () => {
  expect((await verifyLedger(t.db)).ok).toBe(true);
  await t.close();
});

function balances(query = '', token = customer.token) {
  return t.request({ method: 'GET', url: `/public/api/v1/balances${query}`, token });
}

describe('GET /balances', () => {
  it('needs a session', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/balances' });
    expect(res.statusCode).toBe(401);
  });

  it('shows the three summary figures and the user', async () => {
    const body = (await balances()).json();
    const stored = await t.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    // 96.25 + 3.75 lent - 10 - 2.5 - 1.25 - 7 + 7 + (0.01 + ... + 0.20) = 86.25 + 2.10
    expect(stored.balance).toBe(88_350_000);
    expect(body.data.total_balance).toBe('88.35');
    expect(body.data.deposit).toBe('3.75');
    // accepted + pending + waiting; the rejected (refunded) order does not count
    expect(body.data.total_orders).toBe('13.75');
    expect(body.data.user).toMatchObject({ id: customer.id, balance: '88.35', deposit: '3.75' });
  });

  it('pages the ledger newest first, 20 a page, as credit and debit amounts', async () => {
    const first = (await balances()).json().data;
    expect(first.balances).toHaveLength(20);
    expect(first.balances[0]).toEqual({
      id: expect.any(Number),
      credit: '0.20',
      debit: '0.00',
      info: 'إيداع 20',
      created_at: expect.any(String),
    });
    expect(first.paginate).toEqual({ nextPage: 2, backPage: null, nextBefore: first.balances[19].id });

    // A movement after page 1 was read must not push a row of page 1 onto page 2.
    await work(t.db, (trx) => credit(trx, customer.id, 1_000_000, 'إيداع متأخر', { type: 'adjust', id: null }));
    const second = (await balances(`?page=2&before=${first.paginate.nextBefore}`)).json().data;
    expect(second.paginate).toEqual({ nextPage: null, backPage: 1, nextBefore: null });
    expect(second.balances.map((b: { info: string }) => b.info)).toEqual([
      `استرداد الطلب #${rejectedId}`,
      'شراء: بطاقة اختبار',
      'شراء: بطاقة اختبار',
      'شراء: بطاقة اختبار',
      'شراء: بطاقة اختبار',
      'رصيد دين: دين الوكيل',
      'رصيد اختبار',
    ]);
    expect(second.balances[0].credit).toBe('7.00');
    expect(second.balances[1]).toMatchObject({ credit: '0.00', debit: '7.00' });
  });

  it("never shows another customer's movements", async () => {
    const body = (await balances('', other.token)).json().data;
    expect(body.balances.map((b: { info: string }) => b.info)).toEqual(['شراء: بطاقة اختبار', 'رصيد اختبار']);
    expect(body.total_orders).toBe('1.00');
    expect(body.deposit).toBe('0.00');
  });

  it('answers bad paging values with 422 and an Arabic message', async () => {
    for (const q of ['?page=0', '?page=x', '?before=0']) {
      const res = await balances(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().msg, q).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
