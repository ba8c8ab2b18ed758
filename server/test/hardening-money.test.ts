import { work } from '../src/kernel/unit-of-work';
import { MAX_MONEY } from '@raseed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../src/modules/wallet/ledger';
import { expectSafeReply, moneyState } from './fuzz/invariants';
import { setupApp, type TestApp, type TestUser } from './helper';
import { balanceOf, makeProduct } from './orders-fixtures';
import { firstBankId, makePng, pngReceipt, uploadCharge } from './topup-fixtures';

const PUBLIC = '/public/api/v1';
const ADMIN = '/admin/api/v1';
let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  t = await setupApp({ seed: true });
  op = await t.createUser({ role: 'operator' });
});
afterAll(() => t.close());

const order = (user: TestUser, payload: Record<string, unknown>, key?: string) =>
  t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    token: user.token,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('a price that changed between the page and the tap is never charged silently', () => {
  it('409 with the new price when expected_price differs; nothing charged', async () => {
    const productId = await makeProduct(t.db); // 1.00
    const buyer = await t.createUser({ balance: 10_000_000 });
    await t.db.updateTable('products').set({ price: 1_500_000 }).where('id', '=', productId).execute();
    const before = await moneyState(t.db);
    const res = await order(buyer, { productId, playerId: '123', expected_price: '1.00' });
    expect(res.statusCode).toBe(409);
    expectSafeReply(res, 'price changed');
    expect(res.json().code).toBe('price_changed');
    expect(res.json().data).toEqual({ price: '1.50' });
    expect(res.json().msg).toContain('1.50');
    expect(await moneyState(t.db)).toBe(before);
    expect(await balanceOf(t.db, buyer.id)).toBe(10_000_000);

    // Confirmed at the new price: bought at it.
    const ok = await order(buyer, { productId, playerId: '123', expected_price: '1.5' });
    expect(ok.statusCode).toBe(201);
    expect(await balanceOf(t.db, buyer.id)).toBe(8_500_000);
    // A spec client that sends no expected_price keeps working.
    expect((await order(buyer, { productId, playerId: '123' })).statusCode).toBe(201);
  });

  it('refuses an expected_price that is not an amount', async () => {
    const productId = await makeProduct(t.db);
    const buyer = await t.createUser({ balance: 10_000_000 });
    const res = await order(buyer, { productId, playerId: '1', expected_price: 'free' });
    expect(res.statusCode).toBe(422);
    expectSafeReply(res, 'bad expected_price');
  });
});

describe('an Idempotency-Key reused for a different request', () => {
  it('is a 422, not the first order; the same request again still replays', async () => {
    const a = await makeProduct(t.db, 'أ');
    const b = await makeProduct(t.db, 'ب');
    const buyer = await t.createUser({ balance: 10_000_000 });
    const first = await order(buyer, { productId: a, playerId: '777' }, 'key-1');
    expect(first.statusCode).toBe(201);
    const again = await order(buyer, { productId: a, playerId: '777' }, 'key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    for (const other of [
      { productId: b, playerId: '777' },
      { productId: a, playerId: '778' },
    ]) {
      const res = await order(buyer, other, 'key-1');
      expect(res.statusCode).toBe(422);
      expectSafeReply(res, 'key reuse');
      expect(res.json().code).toBe('idempotency_mismatch');
    }
    expect(await balanceOf(t.db, buyer.id)).toBe(9_000_000);
  });
});

describe('the pending top-up cap', () => {
  it('holds under 20 concurrent uploads', async () => {
    const user = await t.createUser();
    const bankId = await firstBankId(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        uploadCharge(t, user.token, {
          amount: '5',
          bank_id: bankId,
          file: pngReceipt(makePng(8 + i, 8, [i * 10, 20, 30])),
        }),
      ),
    );
    const pending = await t.db
      .selectFrom('charges')
      .select('id')
      .where('user_id', '=', user.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending.length).toBeLessThanOrEqual(10);
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(pending.length);
    for (const r of replies.filter((x) => x.statusCode !== 200)) expect(r.statusCode).toBe(429);
  });
});

describe('amounts and balances have a maximum', () => {
  it('no credit takes a balance past 1,000,000,000', async () => {
    const user = await t.createUser();
    await work(t.db, (trx) => credit(trx, user.id, MAX_MONEY - 1_000_000, 'x', { type: 'adjust', id: null }));
    const before = await moneyState(t.db);
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN}/users/${user.id}/adjust`,
      token: op.token,
      payload: { amount: '2', reason: 'تعويض' },
    });
    expect(res.statusCode).toBe(422);
    expectSafeReply(res, 'balance over max');
    expect(await moneyState(t.db)).toBe(before);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${ADMIN}/users/${user.id}/adjust`,
          token: op.token,
          payload: { amount: '1', reason: 'تعويض' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an adjustment over the maximum is refused', async () => {
    const user = await t.createUser();
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN}/users/${user.id}/adjust`,
      token: op.token,
      payload: { amount: '1000000000.01', reason: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(await balanceOf(t.db, user.id)).toBe(0);
  });

  it('an operator price with more than 6 decimals is refused, not cut', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: op.token,
      payload: { name: 'دقيق', price: '1.1234567', type: 'id' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.price[0]).toMatch(/[\u0600-\u06FF]/);
  });
});
