import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeWorld, type NumbersWorld, numbersWorld } from './numbers-fixtures';
import { ADMIN, PUBLIC } from './operator-fixtures';

// Number services sell at the storefront's markup too (issue 34, prices): the list a customer
// reads, the price charged, and the purchase keeping the storefront and the provider's price.

const USD = 1_000_000;
const B = 'b.localhost';
let w: NumbersWorld;
let b: number;

beforeAll(async () => {
  w = await numbersWorld();
  const made = await w.t.request({
    method: 'POST',
    url: `${ADMIN}/storefronts`,
    token: w.op.token,
    payload: { name: 'متجر باء', hosts: [B], markup_percent: 10 },
  });
  expect(made.statusCode, made.body).toBe(201);
  b = made.json().data.storefront.id;
  // B's purchases are paid to the provider from B's account (storefront-accounts.test.ts): fund it.
  const funded = await w.t.request({
    method: 'POST',
    url: `${ADMIN}/storefronts/${b}/account/adjust`,
    token: w.op.token,
    payload: { amount: '1000', reason: 'تمويل' },
  });
  expect(funded.statusCode, funded.body).toBe(200);
});
afterAll(() => closeWorld(w));

describe('number services on a storefront with a markup', () => {
  it('lists B’s prices on B and the provider’s on A, charges B’s and keeps both', async () => {
    // An account belongs to one storefront: the same person has one on each.
    const customer = await w.t.createUser({ balance: 10 * USD, storefrontId: b });
    const onProvider = await w.t.createUser();
    const list = (host: string, token: string) =>
      w.t.request({ method: 'GET', url: `${PUBLIC}/numbers/services`, headers: { host }, token });
    const onB = (await list(B, customer.token)).json().data.services.find((s: { id: number }) => s.id === w.serviceId);
    // 1.25 + 10 % = 1.375 → 1.38; 18,000 ل.س → 19,800; 42 ل.ت → 46.20.
    expect(onB).toMatchObject({ price: '1.38', price_syr: '19800.00', price_tr: '46.20' });
    const onA = (await list('localhost', onProvider.token))
      .json()
      .data.services.find((s: { id: number }) => s.id === w.serviceId);
    expect(onA).toMatchObject({ price: '1.25', price_syr: '18000.00', price_tr: '42.00' });

    const bought = await w.t.request({
      method: 'POST',
      url: `${PUBLIC}/numbers`,
      headers: { host: B },
      token: customer.token,
      payload: { service_id: w.serviceId },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data.purchase.price).toBe('1.38');
    expect(bought.json().data.user.balance).toBe('8.62');
    const row = await w.t.db
      .selectFrom('number_activations')
      .select(['storefront_id', 'price', 'provider_price'])
      .where('id', '=', bought.json().data.purchase.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.storefront_id), Number(row.price), Number(row.provider_price)]).toEqual([
      b,
      1.38 * USD,
      1.25 * USD,
    ]);
  });

  it('follows B’s own online switch on B, and the provider’s on every storefront', async () => {
    const onB = await w.t.createUser({ balance: 10 * USD, storefrontId: b });
    const onProvider = await w.t.createUser({ balance: 10 * USD });
    const online = (storefront: number, on: boolean) =>
      w.t.request({
        method: 'PATCH',
        url: `${ADMIN}/settings?storefront=${storefront}`,
        token: w.op.token,
        payload: { online: on },
      });
    const buy = (host: string, token: string) =>
      w.t.request({
        method: 'POST',
        url: `${PUBLIC}/numbers`,
        headers: { host },
        token,
        payload: { service_id: w.serviceId },
      });
    const list = (host: string, token: string) =>
      w.t.request({ method: 'GET', url: `${PUBLIC}/numbers/services`, headers: { host }, token });

    expect((await online(b, false)).statusCode).toBe(200);
    const refused = await buy(B, onB.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('service_offline');
    expect(refused.json().msg).toMatch(/[\u0600-\u06FF]/);
    expect((await list(B, onB.token)).statusCode).toBe(403);
    expect((await buy('localhost', onProvider.token)).statusCode).toBe(201);

    expect((await online(b, true)).statusCode).toBe(200);
    expect((await online(1, false)).statusCode).toBe(200);
    expect((await buy(B, onB.token)).statusCode).toBe(403);
    expect((await online(1, true)).statusCode).toBe(200);
    expect((await buy(B, onB.token)).statusCode).toBe(201);
    const balance = await w.t.request({ method: 'GET', url: `${PUBLIC}/me`, headers: { host: B }, token: onB.token });
    expect(balance.json().data.user.balance).toBe('8.62');
  });
});
