import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, makeCatalog, PUBLIC } from './operator-fixtures';
import { type Receiver, startReceiver, verifiedBy } from './webhook-receiver';

// Test mode of the resellers' API: a `rsd_test_` key orders from a play balance, the player data
// picks the outcome, and nothing live (balance, ledger, stock, the operator's queue) moves.

let t: TestApp;
let op: TestUser;
let receiver: Receiver;
let manualProduct: number;
let departmentId: number;

beforeAll(async () => {
  t = await setupApp({ env: { TEST_MODE_DELAY_MS: '300' } });
  op = await t.createUser({ role: 'operator' });
  receiver = await startReceiver();
  const catalog = await makeCatalog(t, op, '2.50');
  manualProduct = catalog.product.id;
  departmentId = catalog.department.id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function resellerWithKeys() {
  const user = await t.createUser({ balance: 20_000_000 });
  const allowed = await t.request({
    method: 'PATCH',
    url: `${ADMIN}/users/${user.id}`,
    token: op.token,
    payload: { api_access: true },
  });
  expect(allowed.statusCode, allowed.body).toBe(200);
  const confirmed = await t.request({
    method: 'POST',
    url: `${PUBLIC}/user/confirm-password`,
    token: user.token,
    payload: { password: user.password },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const keys: Record<'live' | 'test', string> = { live: '', test: '' };
  for (const mode of ['live', 'test'] as const) {
    const res = await t.request({
      method: 'POST',
      url: `${PUBLIC}/api-keys`,
      token: user.token,
      payload: { name: mode, mode },
    });
    expect(res.statusCode, res.body).toBe(201);
    keys[mode] = res.json().data.api_key.token;
  }
  return { user, keys };
}

function order(key: string, playerId: string, idempotencyKey?: string) {
  return t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    headers: { ...bearer(key), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { productId: manualProduct, playerId },
  });
}

const get = (key: string, url: string) => t.request({ method: 'GET', url: `${PUBLIC}${url}`, headers: bearer(key) });

async function liveFacts(userId: number) {
  const user = await t.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  const ledger = await t.db.selectFrom('ledger').select('id').where('user_id', '=', userId).execute();
  const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();
  return { balance: user.balance, ledger: ledger.length, orders: orders.length };
}

describe('a test key', () => {
  it('orders from a 1,000 $ test balance; the player data picks the outcome; nothing live moves', async () => {
    const { user, keys } = await resellerWithKeys();
    const before = await liveFacts(user.id);
    expect((await get(keys.test, '/me')).json().data.user.balance).toBe('1000.00');

    const now = await order(keys.test, '5120001');
    expect(now.statusCode, now.body).toBe(201);
    expect(now.json().data.order).toMatchObject({ status: 'success', price: '2.50', data: '5120001' });
    expect(now.json().data.user.balance).toBe('997.50');

    const rejected = await order(keys.test, '5120003');
    expect(rejected.json().data.order.status).toBe('cancel');
    expect(rejected.json().data.order.cancel_msg).toContain('0003');
    expect(rejected.json().data.user.balance).toBe('997.50');

    const later = await order(keys.test, '5120002');
    expect(later.json().data.order.status).toBe('pending');
    const id = later.json().data.order.id;
    for (let i = 0; i < 60 && (await get(keys.test, `/orders/${id}`)).json().data.order.status === 'pending'; i++)
      await sleep(100);
    const done = (await get(keys.test, `/orders/${id}`)).json().data;
    expect(done.order.status).toBe('success');
    expect(done.user.balance).toBe('995.00');

    const other = await order(keys.test, '777');
    expect(other.json().data.order.status).toBe('success');

    expect(await liveFacts(user.id)).toEqual(before);
    const queue = await t.request({ method: 'GET', url: `${ADMIN}/orders?search=5120001`, token: op.token });
    expect(queue.json().data.orders).toEqual([]);
  });

  it('lists only test orders; a live key and the session list only live ones', async () => {
    const { user, keys } = await resellerWithKeys();
    const test = (await order(keys.test, '1110001')).json().data.order.id;
    const live = await order(keys.live, '2220001');
    expect(live.statusCode, live.body).toBe(201);
    const ids = (res: { json(): any }) => res.json().data.orders.map((o: { data: string }) => o.data);
    expect(ids(await get(keys.test, '/orders'))).toEqual(['1110001']);
    expect(ids(await get(keys.live, '/orders'))).toEqual(['2220001']);
    const session = await t.request({ method: 'GET', url: `${PUBLIC}/orders`, token: user.token });
    expect(ids(session)).toEqual(['2220001']);
    expect((await get(keys.live, `/orders/${test}`)).statusCode).toBe(404);
    expect((await get(keys.live, '/me')).json().data.user.balance).toBe('17.50');
  });

  it('repeats an Idempotency-Key as the first test order, and finds it by key', async () => {
    const { keys } = await resellerWithKeys();
    const first = await order(keys.test, '3330001', 'pos-42');
    const again = await order(keys.test, '3330001', 'pos-42');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    expect(again.json().data.user.balance).toBe('997.50');
    const other = await order(keys.test, '4440001', 'pos-42');
    expect(other.statusCode).toBe(422);
    const byKey = await get(keys.test, '/orders/by-key/pos-42');
    expect(byKey.json().data.order.id).toBe(first.json().data.order.id);
  });

  it('delivers a code product with a test code and leaves the real stock alone', async () => {
    const { keys } = await resellerWithKeys();
    const made = await t.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: op.token,
      payload: { department_id: departmentId, name: 'بطاقة تجربة', price: '1.00', type: 'code', delivery: 'stock' },
    });
    const productId = made.json().data.product.id;
    await t.request({
      method: 'POST',
      url: `${ADMIN}/products/${productId}/codes`,
      token: op.token,
      payload: { codes: ['REAL-CODE-1'] },
    });
    const res = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-code`,
      headers: bearer(keys.test),
      payload: { product_id: productId },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order.codes).toEqual([expect.stringMatching(/^TEST-[0-9A-F]{6}-[0-9A-F]{6}$/)]);
    const stock = await t.db.selectFrom('product_codes').select('status').where('product_id', '=', productId).execute();
    expect(stock).toEqual([{ status: 'available' }]);
  });

  it('changes nothing else: a cancel or a top-up with a test key is a 403 in Arabic', async () => {
    const { keys } = await resellerWithKeys();
    const id = (await order(keys.test, '5550002')).json().data.order.id;
    const cancel = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders/${id}/cancel`,
      headers: bearer(keys.test),
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().msg).toContain('مفتاح التجربة');
  });

  it("sends the test order's webhook with livemode false, signed like a live one", async () => {
    const { user, keys } = await resellerWithKeys();
    const hook = await t.request({
      method: 'POST',
      url: `${PUBLIC}/webhooks`,
      token: user.token,
      payload: { url: receiver.url('/test-mode') },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const secret = hook.json().data.webhook.secret;
    const id = (await order(keys.test, '6660001')).json().data.order.id;
    for (let i = 0; i < 50 && !receiver.received.some((r) => r.path === '/test-mode'); i++) {
      await t.app.webhooks.runDue();
      await sleep(50);
    }
    const got = receiver.received.find((r) => r.path === '/test-mode');
    expect(got?.json).toMatchObject({
      type: 'order.updated',
      livemode: false,
      data: { order: { id, status: 'success' } },
    });
    expect(got && verifiedBy([secret], got)).toEqual([true]);
  });
});
