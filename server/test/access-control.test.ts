import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/kernel/time';
import { urlFor } from './fuzz/encode';
import { expectSafeReply, moneyState } from './fuzz/invariants';
import { apiRoutes, routeName } from './fuzz/openapi-routes';
import { setupApp, type TestUser } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';

const t = await setupApp();
const routes = apiRoutes(t.app);
let alice: TestUser;
let bob: TestUser;
/** Every id of something Alice owns; Bob must reach none of them through any route. */
let aliceIds: { order: number; charge: number; notification: number };

beforeAll(async () => {
  alice = await t.createUser({ balance: 50_000_000 });
  bob = await t.createUser({ balance: 50_000_000 });
  const productId = await makeProduct(t.db);
  const order = await placeTestOrder(t.db, alice.id, { productId, price: 3_000_000 });
  const bank = await t.db
    .insertInto('banks')
    .values({ name: 'بنك', img: null, info: '', iban: 'SY00', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const charge = await t.db
    .insertInto('charges')
    .values({
      user_id: alice.id,
      bank_id: bank.id,
      amount: 5_000_000,
      img_key: 'receipts/none.png',
      status: 'pending',
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notification = await t.db
    .insertInto('notifications')
    .values({ user_id: alice.id, title: 'خاص بأليس', msg: 'سر أليس', created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  aliceIds = { order: order.id, charge: charge.id, notification: notification.id };
});

afterAll(() => t.close());

const payloadFor = (method: string) => (method === 'GET' || method === 'DELETE' ? {} : { payload: {} });

describe("another customer's ids", () => {
  const idRoutes = routes.filter((r) => !r.admin && r.path.includes('{id}'));

  it('covers the id routes of the public API', () => {
    expect(idRoutes.map(routeName)).toEqual(
      expect.arrayContaining(['GET /public/api/v1/orders/{id}', 'POST /public/api/v1/orders/{id}/cancel']),
    );
  });

  it.each(
    idRoutes.map((r) => [routeName(r), r] as const),
  )("%s: Bob gets none of Alice's things and changes nothing", async (name, route) => {
    const anonymous = await t.request({
      method: route.method,
      url: urlFor(route, { id: String(aliceIds.order) }),
      ...payloadFor(route.method),
    });
    // Catalog pages are public by design; only routes behind a sign-in hold someone's data.
    if (anonymous.statusCode !== 401) return;
    for (const id of new Set(Object.values(aliceIds))) {
      const before = await moneyState(t.db);
      const res = await t.request({
        method: route.method,
        url: urlFor(route, { id: String(id) }),
        token: bob.token,
        ...payloadFor(route.method),
      });
      expect(res.statusCode, `${name} with Alice's id ${id}`).toBeGreaterThanOrEqual(400);
      expectSafeReply(res, name);
      expect(res.body).not.toContain('سر أليس');
      expect(await moneyState(t.db)).toBe(before);
    }
  });

  it('Alice sees her own order, so the refusals above are about ownership', async () => {
    const res = await t.request({ method: 'GET', url: `/public/api/v1/orders/${aliceIds.order}`, token: alice.token });
    expect(res.statusCode).toBe(200);
  });

  it("Bob's lists hold nothing of Alice's", async () => {
    for (const url of [
      '/public/api/v1/orders',
      '/public/api/v1/charges',
      '/public/api/v1/balances',
      '/public/api/v1/notifications',
    ]) {
      const res = await t.request({ method: 'GET', url, token: bob.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('سر أليس');
      expect(res.body, url).not.toContain('بطاقة اختبار');
    }
  });
});

describe('operator-only routes', () => {
  const adminRoutes = routes.filter((r) => r.admin);

  it('covers the operator API', () => {
    expect(adminRoutes.length).toBeGreaterThan(5);
  });

  it.each(
    adminRoutes.map((r) => [routeName(r), r] as const),
  )('%s: refused to a customer, to no one and to a forged token', async (name, route) => {
    const url = urlFor(route, { id: String(aliceIds.charge) });
    const before = await moneyState(t.db);
    const asCustomer = await t.request({ method: route.method, url, token: alice.token, ...payloadFor(route.method) });
    expect(asCustomer.statusCode, `${name} as a customer`).toBe(403);
    expectSafeReply(asCustomer, name);
    const anonymous = await t.request({ method: route.method, url, ...payloadFor(route.method) });
    expect(anonymous.statusCode, `${name} signed out`).toBe(401);
    expectSafeReply(anonymous, name);
    const forged = await t.request({ method: route.method, url, token: 'x'.repeat(43), ...payloadFor(route.method) });
    expect(forged.statusCode, `${name} forged token`).toBe(401);
    expect(await moneyState(t.db)).toBe(before);
  });

  it('a customer cannot approve her own top-up: the charge stays pending and her balance unchanged', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/admin/api/v1/charges/${aliceIds.charge}/approve`,
      token: alice.token,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    const charge = await t.db
      .selectFrom('charges')
      .select('status')
      .where('id', '=', aliceIds.charge)
      .executeTakeFirstOrThrow();
    expect(charge.status).toBe('pending');
    const me = await t.request({ method: 'GET', url: '/public/api/v1/me', token: alice.token });
    expect(me.json().data.user.balance).toBe('47.00');
  });
});
