import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS } from '../src/modules/checkout/limits';
import { TOPUP_LIMITS } from '../src/modules/topups/limits';
import { expectSafeReply, moneyState } from './fuzz/invariants';
import { setupApp } from './helper';

const t = await setupApp();
afterAll(() => t.close());

// Each request is refused by validation (no receipt), which is the cheap way a flood arrives.
const topup = (token: string, ip = '127.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/public/api/v1/banks',
    token,
    payload: { amount: '5' },
    headers: { 'content-type': 'application/json' },
    remoteAddress: ip,
  });

describe('top-up rate limits', () => {
  it('per account: the request after the limit gets 429 with an Arabic msg and Retry-After', async () => {
    const user = await t.createUser();
    for (let i = 0; i < TOPUP_LIMITS.perAccount; i++)
      expect((await topup(user.token, '10.0.0.1')).statusCode).toBe(422);
    const before = await moneyState(t.db);
    const res = await topup(user.token, '10.0.0.2');
    expect(res.statusCode).toBe(429);
    expectSafeReply(res, 'rate limited top-up');
    expect(res.json().msg).toContain('طلبات شحن كثيرة');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await moneyState(t.db)).toBe(before);
    // Someone else is not held back by this account.
    const other = await t.createUser();
    expect((await topup(other.token, '10.0.0.2')).statusCode).toBe(422);
  });

  it('per IP: many accounts from one address are held back together', async () => {
    const users = await Promise.all(
      Array.from({ length: Math.ceil(TOPUP_LIMITS.perIp / 10) + 1 }, () => t.createUser()),
    );
    let sent = 0;
    for (const u of users) {
      for (let i = 0; i < 10 && sent < TOPUP_LIMITS.perIp; i++, sent++)
        expect((await topup(u.token, '10.0.0.9')).statusCode).toBe(422);
    }
    const fresh = users.at(-1);
    const res = await topup(fresh?.token ?? '', '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expectSafeReply(res, 'rate limited top-up by IP');
  });
});

describe('ordering rate limits', () => {
  it('per account: the order after the limit gets 429 with an Arabic msg, and nothing is charged', async () => {
    const user = await t.createUser();
    // Refused for the unknown product, yet counted: a flood of bad orders is held back too.
    const order = (ip: string) =>
      t.request({
        method: 'POST',
        url: '/public/api/v1/orders-create-code',
        token: user.token,
        payload: { product_id: 999999 },
        remoteAddress: ip,
      });
    for (let i = 0; i < ORDER_LIMITS.perAccount; i++)
      expect((await order(`10.1.0.${i % 200}`)).statusCode).toBeLessThan(429);
    const before = await moneyState(t.db);
    const res = await order('10.1.1.1');
    expect(res.statusCode).toBe(429);
    expectSafeReply(res, 'rate limited order');
    expect(res.json().msg).toContain('طلبات كثيرة');
    expect(await moneyState(t.db)).toBe(before);
  });

  it('per IP: many accounts from one address are held back together', async () => {
    const users = await Promise.all(Array.from({ length: Math.ceil(ORDER_LIMITS.perIp / 50) }, () => t.createUser()));
    const order = (token: string) =>
      t.request({
        method: 'POST',
        url: '/public/api/v1/orders-create-code',
        token,
        payload: { product_id: 999999 },
        remoteAddress: '10.2.0.1',
      });
    let sent = 0;
    for (const u of users)
      for (let i = 0; i < 50 && sent < ORDER_LIMITS.perIp; i++, sent++)
        expect((await order(u.token)).statusCode).toBeLessThan(429);
    const res = await order((await t.createUser()).token);
    expect(res.statusCode).toBe(429);
    expectSafeReply(res, 'rate limited order by IP');
  });
});
