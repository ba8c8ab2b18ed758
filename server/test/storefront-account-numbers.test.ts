import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/modules/wallet';
import { closeWorld, type NumbersWorld, numbersWorld } from './numbers-fixtures';
import { ADMIN, balanceOf, PUBLIC } from './operator-fixtures';

// A number bought on a storefront other than 1 is paid to the provider from that storefront's
// account, like an order: at the provider's price, refused whole when the account cannot cover
// it, given back when the customer's money is. The service costs the provider's 1.25; B sells it at 1.38.

const USD = 1_000_000;
const B = 'b.localhost';
let w: NumbersWorld;
let b: number;

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  w.t.request({ method, url: `${ADMIN}${url}`, token: w.op.token, ...(payload ? { payload } : {}) });
const onB = (method: 'POST', url: string, token: string, payload?: object) =>
  w.t.request({ method, url: `${PUBLIC}${url}`, headers: { host: B }, token, ...(payload ? { payload } : {}) });
const accountBalance = async () => (await admin('GET', `/storefronts/${b}/account`)).json().data.account.balance;

beforeAll(async () => {
  w = await numbersWorld();
  const made = await admin('POST', '/storefronts', { name: 'متجر باء', hosts: [B], markup_percent: 10 });
  expect(made.statusCode, made.body).toBe(201);
  b = made.json().data.storefront.id;
});
afterAll(() => closeWorld(w));

describe('a number bought on another storefront', () => {
  it('is refused while B’s account cannot cover 1.25, then debits it 1.25 and gives it back on cancel', async () => {
    const customer = await w.t.createUser({ balance: 10 * USD, storefrontId: b });
    expect((await admin('POST', `/storefronts/${b}/account/adjust`, { amount: '1', reason: 'تمويل' })).statusCode).toBe(
      200,
    );
    const refused = await onB('POST', '/numbers', customer.token, { service_id: w.serviceId });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().msg).toMatch(/لم يُخصم أي مبلغ من رصيدك/);
    expect(await balanceOf(w.t, customer.id)).toBe(10 * USD);
    expect(await w.t.db.selectFrom('number_activations').select('id').execute()).toEqual([]);

    expect((await admin('POST', `/storefronts/${b}/account/adjust`, { amount: '4', reason: 'تمويل' })).statusCode).toBe(
      200,
    );
    const bought = await onB('POST', '/numbers', customer.token, { service_id: w.serviceId });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().data.user.balance).toBe('8.62');
    expect(await accountBalance()).toBe('3.75');

    const id = bought.json().data.purchase.id;
    const cancelled = await onB('POST', `/numbers/${id}/cancel`, customer.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balanceOf(w.t, customer.id)).toBe(10 * USD);
    expect(await accountBalance()).toBe('5.00');
    const report = await verifyLedger(w.t.db);
    expect(report.storefronts.find((s) => s.storefrontId === b)).toMatchObject({ purchases: 1, issues: [] });
    expect(report.ok).toBe(true);
  });
});
