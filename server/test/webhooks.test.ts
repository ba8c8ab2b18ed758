import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newEventId } from '../src/modules/webhooks/signature';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { buy, closeWorld, type NumbersWorld, numbersWorld, until } from './numbers-fixtures';
import { ADMIN, makeCatalog, PUBLIC, stockedProduct } from './operator-fixtures';
import { type Receiver, type Received, startReceiver, timestampFresh, verifiedBy } from './webhook-receiver';

// The resellers' webhooks end to end: endpoints made through the API, events written with the
// change they report, delivered by the worker (driven here with runDue) to a real receiver on
// loopback that checks every signature with its own code, as the spec tells a receiver to.

let w: NumbersWorld;
let t: TestApp;
let op: TestUser;
let receiver: Receiver;
let manualProduct: number;
let departmentId: number;

beforeAll(async () => {
  // The retry schedule scaled down: 20 ms, 120 ms, 480 ms…, the 24 hours with it (34.5 s).
  w = await numbersWorld({ WEBHOOK_BACKOFF_MS: '20' });
  t = w.t;
  op = w.op;
  receiver = await startReceiver();
  const catalog = await makeCatalog(t, op);
  manualProduct = catalog.product.id;
  departmentId = catalog.department.id;
});
afterAll(async () => {
  await closeWorld(w);
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

type Hook = { id: number; url: string; events: string[]; secret: string; state: string };

async function allow(user: TestUser, on = true) {
  const res = await t.request({
    method: 'PATCH',
    url: `${ADMIN}/users/${user.id}`,
    token: op.token,
    payload: { api_access: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function confirm(user: TestUser) {
  const res = await t.request({
    method: 'POST',
    url: `${PUBLIC}/user/confirm-password`,
    token: user.token,
    payload: { password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A customer with API access, a confirmed session and a balance. */
async function reseller(balance = 100_000_000) {
  const user = await t.createUser({ balance });
  await allow(user);
  await confirm(user);
  return user;
}

function addHook(user: TestUser | string, payload: Record<string, unknown>, app: TestApp = t) {
  return app.request({
    method: 'POST',
    url: `${PUBLIC}/webhooks`,
    token: typeof user === 'string' ? user : user.token,
    payload,
  });
}

async function hook(user: TestUser, path: string, events?: string[]): Promise<Hook> {
  const res = await addHook(user, { url: receiver.url(path), ...(events ? { events } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.webhook;
}

const get = (user: TestUser, url: string) => t.request({ method: 'GET', url: `${PUBLIC}${url}`, token: user.token });
const post = (user: TestUser, url: string, payload?: object) =>
  t.request({ method: 'POST', url: `${PUBLIC}${url}`, token: user.token, ...(payload ? { payload } : {}) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the sender until `done` holds (fails after ~5 s), as a worker's poll would. */
async function deliverUntil(done: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    await t.app.webhooks.runDue();
    if (await done()) return;
    await sleep(50);
  }
  throw new Error('the webhook deliveries did not reach the expected state');
}

async function placeManual(user: TestUser): Promise<number> {
  const res = await post(user, '/orders-create-fixed', { playerId: '5123456789', productId: manualProduct });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order.id;
}

const stockProduct = (codes: string[], price = '1.00') => stockedProduct(t, op, departmentId, codes, price);

const deliveriesRows = (endpointId: number) =>
  t.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).execute();

function expectSigned(r: Received, secret: string) {
  expect(verifiedBy([secret], r)).toEqual([true]);
  expect(timestampFresh(r)).toBe(true);
  expect(r.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
  expect(r.headers['content-type']).toBe('application/json');
}

describe('event ids', () => {
  it('are msg_ and 22 base64url characters, never the same twice across refills of their random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newEventId());
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe(`webhook endpoints (${testEngine})`, () => {
  it('are created with a whsec_ secret shown once, listed and fetched without it, and deleted', async () => {
    const user = await reseller();
    const created = await addHook(user, { url: receiver.url('/crud'), events: ['order.updated'] });
    expect(created.statusCode, created.body).toBe(201);
    const webhook = created.json().data.webhook as Hook;
    expect(webhook).toMatchObject({ url: receiver.url('/crud'), events: ['order.updated'], state: 'active' });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(webhook.secret.slice(6), 'base64')).toHaveLength(24);

    const all = await hook(user, '/crud-all');
    expect(all.events).toEqual(['order.updated', 'number.updated', 'balance.updated']);

    const list = await get(user, '/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.webhooks.map((h: Hook) => h.id)).toEqual([all.id, webhook.id]);
    expect(list.body).not.toContain(webhook.secret);
    expect(list.body).not.toContain('whsec_');
    const one = await get(user, `/webhooks/${webhook.id}`);
    expect(one.json().data.webhook).toMatchObject({ id: webhook.id, state: 'active', failing_since: null });
    expect(one.body).not.toContain('whsec_');

    // Another customer's endpoint is not found, never forbidden.
    const other = await reseller();
    expect((await get(other, `/webhooks/${webhook.id}`)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `${PUBLIC}/webhooks/${webhook.id}`, token: other.token })).statusCode,
    ).toBe(404);

    // The console sees the customer's endpoints, read only.
    const console = await t.request({ method: 'GET', url: `${ADMIN}/users/${user.id}/webhooks`, token: op.token });
    expect(console.statusCode).toBe(200);
    expect(console.json().data.webhooks).toHaveLength(2);
    expect(console.body).not.toContain('whsec_');

    const del = await t.request({ method: 'DELETE', url: `${PUBLIC}/webhooks/${webhook.id}`, token: user.token });
    expect(del.statusCode).toBe(200);
    expect((await get(user, `/webhooks/${webhook.id}`)).statusCode).toBe(404);
    expect((await get(user, '/webhooks')).json().data.webhooks).toHaveLength(1);
  });

  it('need API access, a recent password from a session, and at most 10 per customer', async () => {
    const plain = await t.createUser();
    const refused = await addHook(plain, { url: receiver.url('/no') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(refused.json().msg).toContain('واجهة البرمجة غير مفعّلة');

    const unconfirmed = await t.createUser();
    await allow(unconfirmed);
    const locked = await addHook(unconfirmed, { url: receiver.url('/no') });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().code).toBe('password_confirm_required');

    const user = await reseller();
    for (let i = 0; i < 10; i++) await hook(user, `/cap-${i}`);
    const eleventh = await addHook(user, { url: receiver.url('/cap-10') });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().code).toBe('conflict');
    expect(eleventh.json().msg).toContain('(10)');

    const bad = await addHook(user, { url: 'ftp://example.com/x', events: ['order.created'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.0', 'url']);
  });

  it('are managed with a live API key, never a test key', async () => {
    const user = await reseller();
    const live = await post(user, '/api-keys', { name: 'متجري', mode: 'live' });
    const test = await post(user, '/api-keys', { name: 'تجربة', mode: 'test' });
    const liveToken = live.json().data.api_key.token as string;
    const testToken = test.json().data.api_key.token as string;
    const made = await addHook(liveToken, { url: receiver.url('/by-key') });
    expect(made.statusCode, made.body).toBe(201);
    const listed = await t.request({ method: 'GET', url: `${PUBLIC}/webhooks`, token: testToken });
    expect(listed.json().data.webhooks).toHaveLength(1);
    expect((await addHook(testToken, { url: receiver.url('/by-test-key') })).statusCode).toBe(403);
  });

  it('refuse a link-local or metadata URL at creation, whatever the setting, sending nothing', async () => {
    const user = await reseller();
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'https://[fe80::1]/hook', 'http://0.0.0.0:80/']) {
      const res = await addHook(user, { url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code).toBe('validation_failed');
      expect(res.json().errors.url[0]).toContain('لا يرسل المتجر إلى هذا العنوان');
    }
    expect((await get(user, '/webhooks')).json().data.webhooks).toEqual([]);
  });

  it('are https only on a public address unless OUTBOUND_ALLOW_PRIVATE is set', async () => {
    const strict = await setupApp({ env: { OUTBOUND_ALLOW_PRIVATE: '0' } });
    try {
      const operator = await strict.createUser({ role: 'operator' });
      const user = await strict.createUser();
      await strict.request({
        method: 'PATCH',
        url: `${ADMIN}/users/${user.id}`,
        token: operator.token,
        payload: { api_access: true },
      });
      await strict.request({
        method: 'POST',
        url: `${PUBLIC}/user/confirm-password`,
        token: user.token,
        payload: { password: user.password },
      });
      for (const url of [receiver.url('/strict'), `https://127.0.0.1:${receiver.port}/strict`]) {
        const res = await addHook(user, { url }, strict);
        expect(res.statusCode, url).toBe(422);
        expect(res.json().errors.url[0]).toContain('https');
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });
});

describe(`order events (${testEngine})`, () => {
  it('an accepted order is delivered signed, in the API order shape, with livemode', async () => {
    const user = await reseller();
    const h = await hook(user, '/accept', ['order.updated']);
    const orderId = await placeManual(user);
    // Placed pending by the customer: no event yet (the reply told them).
    expect(await deliveriesRows(h.id)).toHaveLength(0);
    const accepted = await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${orderId}/accept`,
      token: op.token,
      payload: { message: 'تم الشحن' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await deliverUntil(() => receiver.at('/accept').length === 1);
    const [r] = receiver.at('/accept');
    expectSigned(r!, h.secret);
    expect(r!.json).toMatchObject({ type: 'order.updated', livemode: true });
    expect(Date.parse(r!.json.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    const api = (await get(user, `/orders/${orderId}`)).json().data.order;
    expect(r!.json.data).toEqual({ order: api });
    expect(api).toMatchObject({ id: orderId, status: 'success' });

    const deliveries = (await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event_id: r!.headers['webhook-id'],
      type: 'order.updated',
      state: 'delivered',
      attempts: 1,
      last_status: 200,
      next_attempt_at: null,
    });
    expect(deliveries[0].delivered_at).not.toBeNull();
  });

  it('a rejected order (refunded) and a cancelled one are delivered, with the refund as a balance event', async () => {
    const user = await reseller();
    const h = await hook(user, '/reject');
    const rejected = await placeManual(user);
    const cancelled = await placeManual(user);
    receiver.received.length = 0;
    await deliverUntil(() => receiver.at('/reject').length === 2);
    receiver.received.length = 0;

    const rej = await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${rejected}/reject`,
      token: op.token,
      payload: { cancel_msg: 'رقم اللاعب غير صحيح' },
    });
    expect(rej.statusCode, rej.body).toBe(200);
    const cancel = await post(user, `/orders/${cancelled}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await deliverUntil(() => receiver.at('/reject').length === 4);
    const got = receiver.at('/reject');
    for (const r of got) expectSigned(r, h.secret);
    const orders = got.filter((r) => r.json.type === 'order.updated').map((r) => r.json.data.order);
    expect(orders.map((o) => [o.id, o.status]).sort()).toEqual(
      [
        [rejected, 'cancel'],
        [cancelled, 'cancel'],
      ].sort(),
    );
    expect(orders.find((o) => o.id === rejected).cancel_msg).toBe('رقم اللاعب غير صحيح');
    const refunds = got.filter((r) => r.json.type === 'balance.updated').map((r) => r.json.data);
    expect(refunds).toHaveLength(2);
    for (const refund of refunds) expect(refund.entry).toMatchObject({ credit: '5.00', debit: '0.00' });
    const balance = (await get(user, '/me')).json().data.user.balance;
    expect(refunds.map((x) => x.balance)).toContain(balance);
  });

  it('an order delivered from stock at placement is delivered with its codes, and its debit', async () => {
    const user = await reseller();
    const h = await hook(user, '/stock');
    const productId = await stockProduct(['GPLAY-7777-AAAA']);
    const res = await post(user, '/orders-create-code', { product_id: productId });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data.order;
    await deliverUntil(() => receiver.at('/stock').length === 2);
    const got = receiver.at('/stock');
    for (const r of got) expectSigned(r, h.secret);
    const sold = got.find((r) => r.json.type === 'order.updated')!;
    expect(sold.json.data.order).toMatchObject({ id: order.id, status: 'success', codes: ['GPLAY-7777-AAAA'] });
    expect(sold.json.data.order).toEqual((await get(user, `/orders/${order.id}`)).json().data.order);
    const paid = got.find((r) => r.json.type === 'balance.updated')!;
    expect(paid.json.data.entry).toMatchObject({ credit: '0.00', debit: '1.00' });
    expect(paid.json.data.balance).toBe(res.json().data.user.balance);
  });

  it('never sends an event for an order that was rolled back', async () => {
    const user = await reseller(500_000);
    const h = await hook(user, '/rollback');
    // Short of balance: refused before anything is written.
    const short = await post(user, '/orders-create-fixed', { playerId: '5123456789', productId: manualProduct });
    expect(short.statusCode).toBe(422);
    // Out of codes: the debit (and the balance event it queued) rolls back with the sale.
    const empty = await stockProduct([], '0.10');
    const sold = await post(user, '/orders-create-code', { product_id: empty });
    expect(sold.statusCode).toBe(422);
    await t.app.webhooks.runDue();
    expect(await deliveriesRows(h.id)).toEqual([]);
    expect(receiver.at('/rollback')).toEqual([]);
    expect((await get(user, '/me')).json().data.user.balance).toBe('0.50');
  });

  it('sends nothing to a customer who has no endpoint, or whose API access was turned off', async () => {
    const user = await reseller();
    const h = await hook(user, '/access-off');
    await allow(user, false);
    await placeManual(user);
    expect(await deliveriesRows(h.id)).toEqual([]);
    await allow(user, true);
  });
});

describe(`retries (${testEngine})`, () => {
  it('a receiver answering 500 twice gets the same event three times, with the same webhook-id', async () => {
    const user = await reseller();
    const h = await hook(user, '/flaky', ['order.updated']);
    const orderId = await placeManual(user);
    receiver.answers.push(500, 500);
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${orderId}/accept`, token: op.token, payload: {} });
    await deliverUntil(() => receiver.at('/flaky').length >= 1);
    const failing = (await get(user, `/webhooks/${h.id}`)).json().data.webhook;
    expect(failing.state).toBe('failing');
    expect(failing.failing_since).not.toBeNull();
    const [pending] = (await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries;
    expect(pending).toMatchObject({ state: 'pending', attempts: 1, last_status: 500 });
    expect(Date.parse(pending.next_attempt_at)).toBeGreaterThan(Date.now() - 1000);

    await deliverUntil(() => receiver.at('/flaky').length === 3);
    const got = receiver.at('/flaky');
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of got) expectSigned(r, h.secret);
    expect(got.map((r) => r.body)).toEqual([got[0]!.body, got[0]!.body, got[0]!.body]);
    const [done] = (await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries;
    expect(done).toMatchObject({ state: 'delivered', attempts: 3, last_status: 200, next_attempt_at: null });
    expect((await get(user, `/webhooks/${h.id}`)).json().data.webhook.state).toBe('active');
    await t.app.webhooks.runDue();
    expect(receiver.at('/flaky')).toHaveLength(3);
  });

  it('a 410 disables the endpoint at once and tells its owner; a retry turns it back on', async () => {
    const user = await reseller();
    const h = await hook(user, '/gone', ['order.updated']);
    const first = await placeManual(user);
    receiver.answers.push(410);
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${first}/accept`, token: op.token, payload: {} });
    await deliverUntil(() => receiver.at('/gone').length === 1);
    const endpoint = (await get(user, `/webhooks/${h.id}`)).json().data.webhook;
    expect(endpoint).toMatchObject({ state: 'disabled', disabled_reason: 'gone' });
    const [failed] = (await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries;
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, last_status: 410, next_attempt_at: null });
    const notices = await t.db
      .selectFrom('notifications')
      .select(['title', 'msg'])
      .where('user_id', '=', user.id)
      .execute();
    expect(notices.map((n) => n.title)).toContain('توقف إرسال الأحداث إلى عنوان الاستقبال');
    expect(notices.find((n) => n.title.startsWith('توقف'))!.msg).toContain(receiver.url('/gone'));

    // Off: the next change queues nothing for it.
    const second = await placeManual(user);
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${second}/accept`, token: op.token, payload: {} });
    await t.app.webhooks.runDue();
    expect(await deliveriesRows(h.id)).toHaveLength(1);
    expect(receiver.at('/gone')).toHaveLength(1);

    // The customer fixed the receiver and retries the failed one: sent again, same id, endpoint on.
    const retry = await post(user, `/webhooks/${h.id}/deliveries/${failed.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    await deliverUntil(() => receiver.at('/gone').length === 2);
    const [a, b] = receiver.at('/gone');
    expect(b!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
    expectSigned(b!, h.secret);
    expect((await get(user, `/webhooks/${h.id}`)).json().data.webhook.state).toBe('active');
    expect((await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
    });
    expect((await post(user, `/webhooks/${h.id}/deliveries/999999/retry`)).statusCode).toBe(404);
  });

  it('tells the customer why no answer came, without the addresses the store resolved', async () => {
    const closed = await startReceiver();
    await closed.close();
    const user = await reseller();
    const res = await addHook(user, { url: closed.url('/closed'), events: ['balance.updated'] });
    expect(res.statusCode, res.body).toBe(201);
    const h = res.json().data.webhook as Hook;
    await placeManual(user);
    await deliverUntil(async () => (await deliveriesRows(h.id))[0]?.attempts === 1);
    const [d] = (await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries;
    expect(d).toMatchObject({ state: 'pending', last_status: null });
    expect(d.last_error).toMatch(/^unreachable: /);
    expect(d.last_error).not.toContain('127.0.0.1');
    await t.request({ method: 'DELETE', url: `${PUBLIC}/webhooks/${h.id}`, token: user.token });
  });

  it('24 hours of failures (scaled) give the event up, disable the endpoint and tell its owner', async () => {
    const user = await reseller();
    const h = await hook(user, '/down', ['order.updated']);
    const orderId = await placeManual(user);
    receiver.answers.push(...Array(50).fill(503));
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${orderId}/accept`, token: op.token, payload: {} });
    await deliverUntil(() => receiver.at('/down').length === 1);
    // The schedule's window is 24 h from the event: move the event back instead of waiting.
    await t.db
      .updateTable('webhook_deliveries')
      .set({ created_at: new Date(Date.now() - 20 * 17_280).toISOString(), next_attempt_at: new Date().toISOString() })
      .where('endpoint_id', '=', h.id)
      .execute();
    await deliverUntil(async () => (await get(user, `/webhooks/${h.id}`)).json().data.webhook.state === 'disabled');
    const endpoint = (await get(user, `/webhooks/${h.id}`)).json().data.webhook;
    expect(endpoint.disabled_reason).toBe('failing');
    const [given] = (await get(user, `/webhooks/${h.id}/deliveries`)).json().data.deliveries;
    expect(given).toMatchObject({ state: 'failed', attempts: 2, last_status: 503 });
    const notice = await t.db
      .selectFrom('notifications')
      .select('msg')
      .where('user_id', '=', user.id)
      .where('title', '=', 'توقف إرسال الأحداث إلى عنوان الاستقبال')
      .executeTakeFirstOrThrow();
    expect(notice.msg).toContain('24 ساعة');
    receiver.answers.length = 0;
  });
});

describe(`secret rotation (${testEngine})`, () => {
  it('signs with both secrets during the overlap, and each verifies on its own', async () => {
    const user = await reseller();
    const h = await hook(user, '/rotate', ['order.updated']);
    const rotated = await post(user, `/webhooks/${h.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().data.webhook as Hook & { previous_secret_until: string };
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(h.secret);
    expect(Date.parse(fresh.previous_secret_until) - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect((await get(user, `/webhooks/${h.id}`)).body).not.toContain(fresh.secret);

    const orderId = await placeManual(user);
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${orderId}/accept`, token: op.token, payload: {} });
    await deliverUntil(() => receiver.at('/rotate').length === 1);
    const [r] = receiver.at('/rotate');
    const signatures = String(r!.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    for (const s of signatures) expect(s).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // A receiver still on the old secret, and one already on the new, both accept it.
    expect(verifiedBy([h.secret], r!)).toEqual([true]);
    expect(verifiedBy([fresh.secret], r!)).toEqual([true]);
    expect(verifiedBy(['whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'], r!)).toEqual([false]);

    // After the overlap only the new secret signs.
    await t.db
      .updateTable('webhook_endpoints')
      .set({ previous_secret_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', h.id)
      .execute();
    const again = await placeManual(user);
    await t.request({ method: 'POST', url: `${ADMIN}/orders/${again}/accept`, token: op.token, payload: {} });
    await deliverUntil(() => receiver.at('/rotate').length === 2);
    const later = receiver.at('/rotate')[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifiedBy([h.secret, fresh.secret], later)).toEqual([false, true]);
  });
});

describe(`number events (${testEngine})`, () => {
  it('a number purchase is delivered when its number arrives and when it is cancelled', async () => {
    // No SMS comes: the purchase waits with its number until the customer cancels.
    w.stub.reset({ smsAfterMs: null });
    const user = await reseller();
    const h = await hook(user, '/numbers', ['number.updated']);
    const p = await buy(w, user);
    // The worker rents the number upstream; the phone it got is the event.
    await until(w, async () => (await deliveriesRows(h.id)).length === 1);
    await deliverUntil(() => receiver.at('/numbers').length === 1);
    const rented = receiver.at('/numbers')[0]!;
    expectSigned(rented, h.secret);
    expect(rented.json.data.number).toMatchObject({ id: p.id, status: 'waiting', phone: w.stub.rented()[0]!.phone });
    const cancel = await post(user, `/numbers/${p.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await deliverUntil(() => receiver.at('/numbers').length === 2);
    expect(receiver.at('/numbers')[1]!.json.data.number).toMatchObject({ id: p.id, status: 'cancelled' });
  });
});

describe(`the documented receiver (${testEngine})`, () => {
  it("docs/api-for-resellers.md's JavaScript example verifies a real delivery and refuses a forged one", async () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../../docs/api-for-resellers.md'), 'utf8');
    const block = /<!-- verify-webhook\.mjs[^>]*-->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, 'the marked example is in the docs').toBeTruthy();
    const file = path.join(t.dataDir, 'verify-webhook.mjs');
    writeFileSync(file, block!);
    const { verifyWebhook } = (await import(pathToFileURL(file).href)) as {
      verifyWebhook: (secret: string, headers: object, body: string) => Received['json'];
    };

    const user = await reseller();
    const h = await hook(user, '/docs', ['order.updated']);
    const orderId = await placeManual(user);
    await t.request({
      method: 'POST',
      url: `${ADMIN}/orders/${orderId}/reject`,
      token: op.token,
      payload: { cancel_msg: 'نفد' },
    });
    await deliverUntil(() => receiver.at('/docs').length === 1);
    const r = receiver.at('/docs')[0]!;
    expect(verifyWebhook(h.secret, r.headers, r.body)).toEqual(r.json);
    expect(r.json.data.order).toMatchObject({ id: orderId, status: 'cancel', cancel_msg: 'نفد' });

    const forged = r.body.replace('"cancel"', '"success"');
    expect(() => verifyWebhook(h.secret, r.headers, forged)).toThrow('bad signature');
    const other = await hook(user, '/docs-other', ['balance.updated']);
    expect(() => verifyWebhook(other.secret, r.headers, r.body)).toThrow('bad signature');
    const stale = { ...r.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) };
    expect(() => verifyWebhook(h.secret, stale, r.body)).toThrow('stale timestamp');
  });
});
