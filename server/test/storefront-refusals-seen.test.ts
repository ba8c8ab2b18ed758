import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, makeCatalog, PUBLIC } from './operator-fixtures';

// A storefront's refusals are news to each of its staff until that member marks them seen: the
// account reads `unseen_refusals` for the caller, whatever the last refusal's age, and
// `…/account/refusals-seen` marks them for the caller alone. B's account is never funded, so
// every order of its customer is refused.

const USD = 1_000_000;
const B = 'b.localhost';

let t: TestApp;
let op: TestUser;
let b: number;
let c: number;
let productId: number;
let first: TestUser;
let second: TestUser;
let otherStaff: TestUser;
let customer: TestUser;

type Json = Record<string, any>;
const admin = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.request({ method, url: `${ADMIN}${url}`, token, ...(payload ? { payload } : {}) });

async function refuse(): Promise<void> {
  const res = await t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    headers: { host: B },
    token: customer.token,
    payload: { playerId: '5123456789', productId },
  });
  expect(res.statusCode, res.body).toBe(422);
}

/** The account as `who` reads it, from both routes that show it: they must agree. */
async function accountAs(who: TestUser, storefront = b): Promise<Json> {
  const one = await admin('GET', `/storefronts/${storefront}/account`, who.token);
  expect(one.statusCode, one.body).toBe(200);
  const list = await admin('GET', `/storefront-accounts?storefront=${storefront}`, who.token);
  expect(list.statusCode, list.body).toBe(200);
  expect(list.json().data.accounts).toEqual([one.json().data.account]);
  return one.json().data.account;
}

const markSeen = (who: TestUser, refusedCount: unknown, storefront = b) =>
  admin('POST', `/storefronts/${storefront}/account/refusals-seen`, who.token, { refused_count: refusedCount });

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  productId = (await makeCatalog(t, op, '10.00')).product.id;
  const made = await admin('POST', '/storefronts', op.token, { name: 'متجر باء', hosts: [B] });
  expect(made.statusCode, made.body).toBe(201);
  b = made.json().data.storefront.id;
  const other = await admin('POST', '/storefronts', op.token, { name: 'متجر جيم', hosts: ['c.localhost'] });
  c = other.json().data.storefront.id;
  first = await t.createUser({ role: 'operator', storefrontId: b });
  second = await t.createUser({ role: 'operator', storefrontId: b });
  otherStaff = await t.createUser({ role: 'operator', storefrontId: c });
  customer = await t.createUser({ balance: 50 * USD, storefrontId: b });
});
afterAll(() => t.close());

describe('a storefront’s refusals, seen by each of its staff', () => {
  it('counts the refusals a staff member has not seen, and marks them seen for that member alone', async () => {
    expect(await accountAs(first)).toMatchObject({ refused_count: 0, unseen_refusals: 0 });
    await refuse();
    await refuse();
    expect(await accountAs(first)).toMatchObject({ refused_count: 2, unseen_refusals: 2 });

    const seen = await markSeen(first, 2);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.account).toMatchObject({ refused_count: 2, unseen_refusals: 0 });
    expect(await accountAs(first)).toMatchObject({ unseen_refusals: 0 });

    await refuse();
    expect(await accountAs(first)).toMatchObject({ refused_count: 3, unseen_refusals: 1 });
    // A colleague has seen nothing yet.
    expect(await accountAs(second)).toMatchObject({ refused_count: 3, unseen_refusals: 3 });
  });

  it('refuses another storefront’s staff as if the storefront did not exist, and changes nothing', async () => {
    const res = await markSeen(otherStaff, 3);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().msg).toBe('المتجر غير موجود');
    expect((await admin('GET', `/storefronts/${b}/account`, otherStaff.token)).statusCode).toBe(404);
    expect(await accountAs(second)).toMatchObject({ unseen_refusals: 3 });
    expect(await accountAs(first)).toMatchObject({ unseen_refusals: 1 });
    // Their own storefront's, never refused, reads none.
    expect(await accountAs(otherStaff, c)).toMatchObject({ refused_count: 0, unseen_refusals: 0 });
  });

  it('keeps a refusal counted after the banner was read unseen, and never brings seen ones back', async () => {
    // The second member read 2 (the third came in meanwhile): only those two are seen.
    expect((await markSeen(second, 2)).json().data.account.unseen_refusals).toBe(1);
    // An older page's count does not undo what was seen.
    expect((await markSeen(second, 0)).json().data.account.unseen_refusals).toBe(1);
    // A count beyond the account's is held to it, so the next refusal is news.
    expect((await markSeen(second, 99)).json().data.account.unseen_refusals).toBe(0);
    await refuse();
    expect(await accountAs(second)).toMatchObject({ refused_count: 4, unseen_refusals: 1 });
    expect(await accountAs(first)).toMatchObject({ unseen_refusals: 2 });
  });

  it('lets a provider’s operator mark any storefront’s, for themselves; storefront 1 has no account', async () => {
    expect(await accountAs(op)).toMatchObject({ unseen_refusals: 4 });
    expect((await markSeen(op, 4)).json().data.account.unseen_refusals).toBe(0);
    expect(await accountAs(second)).toMatchObject({ unseen_refusals: 1 });
    const provider = await markSeen(op, 0, 1);
    expect(provider.statusCode).toBe(404);
    expect(provider.json().msg).toBe('المتجر رقم 1 هو متجر المزوّد نفسه، وليس له حساب لدى المزوّد');
  });

  it('refuses a count that is not a whole number from zero up with an Arabic 422', async () => {
    for (const bad of [-1, 1.5, 'كل', undefined]) {
      const res = await markSeen(first, bad);
      expect(res.statusCode, `${bad}: ${res.body}`).toBe(422);
      expect(res.json().msg).toMatch(/[\u0600-\u06ff]/);
    }
    expect(await accountAs(first)).toMatchObject({ unseen_refusals: 2 });
  });
});
