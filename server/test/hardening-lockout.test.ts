import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SLOWDOWN, STRANGER_SIGN_INS } from '../src/modules/accounts/limits';
import { slowDownDelay } from '../src/kernel/rate-limit';
import { API, freshIp } from './auth-helpers';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, unknown>, ip = freshIp()) =>
  t.request({ method: 'POST', url: `${API}/login`, payload, remoteAddress: ip });

describe('a stranger cannot lock the owner out', () => {
  it('wrong passwords from many addresses slow the account down but never ' +
    'wall it off; a known device skips the delay', async () => {
    const owner = await t.createUser();
    const first = await login({ email: owner.email, password: owner.password });
    expect(first.statusCode).toBe(200);
    const device: string = first.json().data.trusted_device;
    expect(device).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // Eight wrong passwords from eight addresses: never a 429.
    for (let i = 0; i < 8; i++)
      expect((await login({ email: owner.email, password: 'guess-guess-1' })).statusCode).toBe(401);

    // The owner on the known device signs in at once.
    let started = performance.now();
    const known = await login({ email: owner.email, password: owner.password, trusted_device: device });
    expect(known.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);

    // On a new device they still get in, only after a delay.
    started = performance.now();
    const fresh = await login({ email: owner.email, password: owner.password });
    expect(fresh.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(slowDownDelay(ACCOUNT_SLOWDOWN, 10) - 50);
  }, 30_000);

  it("another account's device token does not skip the delay", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const bDevice: string = (await login({ email: b.email, password: b.password })).json().data.trusted_device;
    for (let i = 0; i < 7; i++) await login({ email: a.email, password: 'guess-guess-1' });
    const started = performance.now();
    expect((await login({ email: a.email, password: a.password, trusted_device: bDevice })).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(slowDownDelay(ACCOUNT_SLOWDOWN, 8) - 50);
  }, 30_000);

  it('one address guessing one account is still refused with 429 at the 6th try', async () => {
    const user = await t.createUser();
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await login({ email: user.email, password: 'guess-guess-1' }, ip)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('the delay grows with the attempts and has a ceiling', () => {
    expect([5, 6, 7, 8].map((n) => slowDownDelay(ACCOUNT_SLOWDOWN, n))).toEqual([0, 250, 500, 1000]);
    expect(slowDownDelay(ACCOUNT_SLOWDOWN, 500)).toBe(ACCOUNT_SLOWDOWN.capMs);
  });

  it('80 parallel wrong passwords through the trusted proxy: at most 30 checked, the rest 429; ' +
    'the owner still signs in', async () => {
    const proxied = await setupApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const via = (payload: Record<string, unknown>, address: string) =>
        proxied.request({
          method: 'POST',
          url: `${API}/login`,
          payload,
          headers: { 'x-forwarded-for': address },
          remoteAddress: '127.0.0.1',
        });
      const owner = await proxied.createUser();
      const first = await via({ email: owner.email, password: owner.password }, '203.0.113.7');
      expect(first.statusCode).toBe(200);
      const device: string = first.json().data.trusted_device;

      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          via({ email: owner.email, password: 'guess-guess-1' }, `198.51.${100 + (i >> 8)}.${(i % 250) + 1}`),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(STRANGER_SIGN_INS.max);
      const refused = answers.find((a) => a.statusCode === 429)!;
      expect(refused.json().msg).toMatch(/[\u0600-\u06FF]/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      // Strangers have used up the account's count: the next one is refused whatever its address.
      expect((await via({ email: owner.email, password: owner.password }, '192.0.2.200')).statusCode).toBe(429);
      // The owner's known device, from a new address, and the owner's known address, without the device.
      expect(
        (await via({ email: owner.email, password: owner.password, trusted_device: device }, '192.0.2.201')).statusCode,
      ).toBe(200);
      expect((await via({ email: owner.email, password: owner.password }, '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  }, 60_000);
});
