import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOOK_RATE_PER_MINUTE } from '../src/modules/fulfilment/hook-routes';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { ADMIN, balanceOf, makeCatalog, PUBLIC } from './operator-fixtures';
import { liveKeyOf, unusedPort } from './reseller-fixtures';

/**
 * Two stores on loopback, both listening: A's `raseed` supplier is B, reached with an API key of
 * A's account at B. A's forwarder is run once per order (it sends the order and registers the
 * webhook), never again: no polling, so only B's webhook, sent by B's own running sender, can
 * bring the outcome back to A's `/hooks/suppliers/{id}`.
 */
let a: TestApp;
let b: TestApp;
let aUrl: string;
let opA: TestUser;
let opB: TestUser;
let agent: TestUser; // A's account at B
let apiKey: string;
let bManual: number;
let productA: number;
let supplierId: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits, doing nothing itself, until `done` holds; fails after ~5 s. */
async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await done()) return;
    await sleep(50);
  }
  throw new Error('the webhook did not bring the outcome');
}

/** Standard Webhooks 1.0 signing, written here from the spec (not the store's signer). */
function signed(secret: string, id: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const sig = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${sig}` };
}

const orderOf = async (customer: TestUser, id: number) =>
  (await a.request({ method: 'GET', url: `${PUBLIC}/orders/${id}`, token: customer.token })).json().data.order;
const forwardOf = (orderId: number) =>
  a.db.selectFrom('order_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const supplierRow = () =>
  a.db.selectFrom('suppliers').selectAll().where('id', '=', supplierId).executeTakeFirstOrThrow();

/** A's customer buys the forwarded product; A's forwarder runs once and B has the order. */
async function buyAndForward(customer: TestUser) {
  const res = await a.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    token: customer.token,
    payload: { playerId: '123456789', productId: productA },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data.order;
  await a.app.forwarder.runDue();
  const forward = await forwardOf(order.id);
  expect(forward.state).toBe('follow');
  return { order, upstreamId: Number(forward.upstream_order_id) };
}

/** Posts to A's hook route as a supplier (or a forger) would, over the network. */
function postHook(headers: Record<string, string>, body: string, id = supplierId) {
  return fetch(`${aUrl}/hooks/suppliers/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

beforeAll(async () => {
  // B's webhook sender runs by itself, as in production; A's forwarder only when the test runs it.
  b = await setupApp({ env: { WEBHOOK_WORKER: '1', WEBHOOK_POLL_MS: '50', WEBHOOK_BACKOFF_MS: '50' } });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const bUrl = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  const port = await unusedPort();
  aUrl = `http://127.0.0.1:${port}`;
  // The worker never runs by itself here; were it to, its first follow-up poll would be a minute away.
  a = await setupApp({ env: { PUBLIC_URL: aUrl, WEBHOOK_ALLOW_PRIVATE: '1', DELIVERY_BACKOFF_MS: '600000' } });
  await a.app.listen({ port, host: '127.0.0.1' });

  opA = await a.createUser({ role: 'operator' });
  opB = await b.createUser({ role: 'operator' });
  agent = await b.createUser({ balance: 100_000_000 });
  apiKey = await liveKeyOf(b, opB, agent);

  const depB = (await makeCatalog(b, opB, '2.00')).department.id;
  bManual = (
    await b.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: opB.token,
      payload: { department_id: depB, name: 'شدات يدوية', price: '2.00', player_resolver: 'demo' },
    })
  ).json().data.product.id;

  const depA = (await makeCatalog(a, opA)).department.id;
  const supplier = await a.request({
    method: 'POST',
    url: `${ADMIN}/suppliers`,
    token: opA.token,
    payload: { name: 'متجر الجملة', kind: 'raseed', base_url: bUrl, token: apiKey },
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  supplierId = supplier.json().data.supplier.id;
  const product = await a.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: opA.token,
    payload: {
      department_id: depA,
      name: 'منتج عبر المورد',
      price: '3.00',
      delivery: 'supplier',
      supplier_id: supplierId,
      supplier_product_id: String(bManual),
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  productA = product.json().data.product.id;
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe(`a Raseed supplier followed by webhook (${testEngine})`, () => {
  it("registers A's hook at B with the key, its secret sealed; the order reaches B as A's", async () => {
    const customer = await a.createUser({ balance: 10_000_000 });
    const { upstreamId } = await buyAndForward(customer);
    const row = await supplierRow();
    expect(row.hook_url).toBe(`${aUrl}/hooks/suppliers/${supplierId}`);
    expect(row.hook_secret_enc).not.toContain('whsec_');
    expect(a.config.sealer.open(row.hook_secret_enc!)).toMatch(/^whsec_/);
    const endpoints = await b.db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', agent.id).execute();
    expect(endpoints.map((e) => [String(e.id), e.url])).toEqual([[row.hook_id, row.hook_url]]);
    const upstream = await b.db.selectFrom('orders').selectAll().where('id', '=', upstreamId).executeTakeFirstOrThrow();
    expect(upstream.user_id).toBe(agent.id);
    // The key is never stored in the clear at A.
    expect(JSON.stringify(row)).not.toContain(apiKey);
  });

  it("mirrors B's acceptance at once: A's order is accepted with B's message, the forward closed", async () => {
    const customer = await a.createUser({ balance: 10_000_000 });
    const { order, upstreamId } = await buyAndForward(customer);
    const accept = await b.request({
      method: 'POST',
      url: `${ADMIN}/orders/${upstreamId}/accept`,
      token: opB.token,
      payload: { message: 'تم الشحن إلى حسابك' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const started = Date.now();
    await until(async () => (await orderOf(customer, order.id)).status === 'success');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await orderOf(customer, order.id)).toMatchObject({ status: 'success', message: 'تم الشحن إلى حسابك' });
    expect((await forwardOf(order.id)).state).toBe('done');
    expect(await balanceOf(a, customer.id)).toBe(7_000_000);
  });

  it("mirrors B's rejection at once: A's order is cancelled with the reason and refunded once", async () => {
    const customer = await a.createUser({ balance: 10_000_000 });
    const { order, upstreamId } = await buyAndForward(customer);
    const reject = await b.request({
      method: 'POST',
      url: `${ADMIN}/orders/${upstreamId}/reject`,
      token: opB.token,
      payload: { cancel_msg: 'رقم اللاعب غير صحيح' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    await until(async () => (await orderOf(customer, order.id)).status === 'cancel');
    expect(await orderOf(customer, order.id)).toMatchObject({ status: 'cancel', cancel_msg: 'رقم اللاعب غير صحيح' });
    expect(await balanceOf(a, customer.id)).toBe(10_000_000);
    const refunds = await a.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', customer.id)
      .where('credit', '>', 0)
      .where('ref_type', '=', 'order')
      .execute();
    expect(refunds).toHaveLength(1);
    expect((await verifyLedger(a.db)).ok).toBe(true);
    expect((await verifyLedger(b.db)).ok).toBe(true);
  });

  it('refuses a forged, a stale or an unsigned delivery with a 401 and changes nothing', async () => {
    const customer = await a.createUser({ balance: 10_000_000 });
    const { order, upstreamId } = await buyAndForward(customer);
    const secret = a.config.sealer.open((await supplierRow()).hook_secret_enc!);
    const body = JSON.stringify({
      type: 'order.updated',
      timestamp: new Date().toISOString(),
      data: { order: { id: upstreamId, status: 'cancel', message: null, cancel_msg: 'مزوّر', codes: [] } },
    });
    const forger = `whsec_${randomBytes(24).toString('base64')}`;
    const attempts = [
      signed(forger, 'msg_forged', body),
      signed(secret, 'msg_stale', body, Math.floor(Date.now() / 1000) - 301),
      { 'webhook-id': 'msg_unsigned', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) },
    ];
    for (const headers of attempts) {
      const res = await postHook(headers, body);
      expect(res.status).toBe(401);
      const reply = (await res.json()) as { code: string; msg: string };
      expect(reply.code).toBe('unauthorized');
      expect(reply.msg).toMatch(/[\u0600-\u06FF]/);
    }
    // A body changed after signing is not the one signed.
    const good = signed(secret, 'msg_tampered', body);
    expect((await postHook(good, body.replace('مزوّر', 'مزوّر!'))).status).toBe(401);
    // A supplier id we have no hook for looks the same as a bad signature.
    expect((await postHook(signed(secret, 'msg_other', body), body, supplierId + 1000)).status).toBe(401);
    expect((await orderOf(customer, order.id)).status).toBe('pending');
    // The same delivery correctly signed is honoured: the refusals above were the signature's.
    expect((await postHook(signed(secret, 'msg_genuine', body), body)).status).toBe(200);
    expect((await orderOf(customer, order.id)).status).toBe('cancel');
  });

  it('mirrors the codes an upstream acceptance carries, sealed at A like its own codes', async () => {
    const customer = await a.createUser({ balance: 10_000_000 });
    const { order, upstreamId } = await buyAndForward(customer);
    const secret = a.config.sealer.open((await supplierRow()).hook_secret_enc!);
    const upstreamOrder = { id: upstreamId, status: 'success', message: 'الكود: GIFT-1', cancel_msg: null };
    const body = JSON.stringify({
      type: 'order.updated',
      timestamp: new Date().toISOString(),
      data: { order: { ...upstreamOrder, codes: ['GIFT-1', 'GIFT-2'] } },
    });
    expect((await postHook(signed(secret, 'msg_codes', body), body)).status).toBe(200);
    expect(await orderOf(customer, order.id)).toMatchObject({ status: 'success', codes: ['GIFT-1', 'GIFT-2'] });
    const row = await a.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('GIFT-2');
  });

  it('applies a webhook-id once: a replay, even with another body, changes nothing', async () => {
    const customer = await a.createUser({ balance: 10_000_000 });
    const { order, upstreamId } = await buyAndForward(customer);
    const secret = a.config.sealer.open((await supplierRow()).hook_secret_enc!);
    // An id B already delivered (the acceptance in an earlier test), replayed with a fresh timestamp.
    const seen = await a.db
      .selectFrom('supplier_hook_events')
      .select('event_id')
      .where('supplier_id', '=', supplierId)
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      type: 'order.updated',
      timestamp: new Date().toISOString(),
      data: { order: { id: upstreamId, status: 'cancel', message: null, cancel_msg: 'مكرر', codes: [] } },
    });
    const replay = await postHook(signed(secret, seen.event_id, body), body);
    expect(replay.status).toBe(200);
    expect((await orderOf(customer, order.id)).status).toBe('pending');
    expect(await balanceOf(a, customer.id)).toBe(7_000_000);
    // B accepts for real; then B's own acceptance delivered again (the same id) refunds nothing.
    await b.request({
      method: 'POST',
      url: `${ADMIN}/orders/${upstreamId}/accept`,
      token: opB.token,
      payload: { message: 'تم' },
    });
    await until(async () => (await orderOf(customer, order.id)).status === 'success');
    const delivered = await b.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const received = await a.db
      .selectFrom('supplier_hook_events')
      .select('event_id')
      .where('event_id', '=', delivered.event_id)
      .execute();
    expect(received).toHaveLength(1);
    const again = await postHook(signed(secret, delivered.event_id, body), body);
    expect(again.status).toBe(200);
    expect((await orderOf(customer, order.id)).status).toBe('success');
    expect(await balanceOf(a, customer.id)).toBe(7_000_000);
  });

  it('registers again when the operator gives another key, and removes the old endpoint upstream', async () => {
    const before = await supplierRow();
    const key = await b.request({
      method: 'POST',
      url: `${PUBLIC}/api-keys`,
      token: agent.token,
      payload: { name: 'مفتاح جديد', mode: 'live' },
    });
    expect(key.statusCode, key.body).toBe(201);
    const patch = await a.request({
      method: 'PATCH',
      url: `${ADMIN}/suppliers/${supplierId}`,
      token: opA.token,
      payload: { token: key.json().data.api_key.token },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const customer = await a.createUser({ balance: 10_000_000 });
    const { order, upstreamId } = await buyAndForward(customer);
    const after = await supplierRow();
    expect(after.hook_id).not.toBe(before.hook_id);
    const endpoints = await b.db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', agent.id).execute();
    expect(endpoints.map((e) => String(e.id))).toEqual([after.hook_id]);
    await b.request({ method: 'POST', url: `${ADMIN}/orders/${upstreamId}/accept`, token: opB.token, payload: {} });
    await until(async () => (await orderOf(customer, order.id)).status === 'success');
  });

  it('cuts off a flood of deliveries from one address with a 429, other addresses unaffected', async () => {
    const flood = (remoteAddress: string) =>
      a.app.inject({
        method: 'POST',
        url: `/hooks/suppliers/${supplierId}`,
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    for (let i = 0; i < HOOK_RATE_PER_MINUTE; i++) expect((await flood('10.9.9.9')).statusCode).toBe(401);
    const cut = await flood('10.9.9.9');
    expect(cut.statusCode).toBe(429);
    expect(cut.json().msg).toMatch(/[\u0600-\u06FF]/);
    expect((await flood('10.9.9.10')).statusCode).toBe(401);
  });
});
