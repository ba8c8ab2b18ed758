import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForwardWorker } from '../src/modules/fulfilment/forward-worker';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { ADMIN, balanceOf, makeCatalog, PUBLIC } from './operator-fixtures';
import { liveKeyOf, unusedPort } from './reseller-fixtures';

/**
 * Store A forwards orders to store B, a second real store listening on loopback and speaking
 * the public API; A's delivery worker is driven by the test (runDue) so each step is observable.
 */
let a: TestApp;
let b: TestApp;
let bUrl: string;
let opA: TestUser;
let opB: TestUser;
let agent: TestUser; // A's account at B
let bStock: number; // B: a code product delivered from B's stock
let bManual: number; // B: a player-id product B's operator fulfils by hand
let supplierId: number;
let depA: number;

async function addSupplier(fields: Record<string, unknown>) {
  const res = await a.request({
    method: 'POST',
    url: `${ADMIN}/suppliers`,
    token: opA.token,
    payload: { name: 'متجر الجملة', kind: 'raseed', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.supplier;
}

async function forwardedProduct(
  upstreamId: number,
  supplier = supplierId,
  fields: Record<string, unknown> = {},
): Promise<number> {
  const res = await a.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: opA.token,
    payload: {
      department_id: depA,
      name: 'منتج عبر المورد',
      price: '3.00',
      delivery: 'supplier',
      supplier_id: supplier,
      supplier_product_id: String(upstreamId),
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.id;
}

async function buyFixed(customer: TestUser, productId: number) {
  const res = await a.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    token: customer.token,
    payload: { playerId: '123456789', productId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order;
}

async function buyCode(customer: TestUser, productId: number) {
  const res = await a.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-code`,
    token: customer.token,
    payload: { product_id: productId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order;
}

const orderOf = async (customer: TestUser, id: number) =>
  (await a.request({ method: 'GET', url: `${PUBLIC}/orders/${id}`, token: customer.token })).json().data.order;
const forwardOf = (orderId: number) =>
  a.db.selectFrom('order_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const agentOrders = () => b.db.selectFrom('orders').selectAll().where('user_id', '=', agent.id).orderBy('id').execute();

/** Runs A's worker until `done` holds (or fails the test after ~5 s). */
async function until(done: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    await a.app.forwarder.runDue();
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the forward did not reach the expected state');
}

beforeAll(async () => {
  a = await setupApp({ env: { DELIVERY_MAX_ATTEMPTS: '3', DELIVERY_BACKOFF_MS: '200' } });
  b = await setupApp();
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  bUrl = `http://127.0.0.1:${(b.app.server.address() as { port: number }).port}`;
  opA = await a.createUser({ role: 'operator' });
  opB = await b.createUser({ role: 'operator' });
  agent = await b.createUser({ balance: 100_000_000 });
  depA = (await makeCatalog(a, opA)).department.id;
  const depB = (await makeCatalog(b, opB, '2.00')).department.id;
  const mk = async (payload: Record<string, unknown>) =>
    (
      await b.request({
        method: 'POST',
        url: `${ADMIN}/products`,
        token: opB.token,
        payload: { department_id: depB, ...payload },
      })
    ).json().data.product.id;
  bStock = await mk({ name: 'بطاقة ستيم', price: '2.00', type: 'code', delivery: 'stock' });
  bManual = await mk({ name: 'شدات يدوية', price: '2.00', player_resolver: 'demo' });
  const codes = Array.from({ length: 5 }, (_, i) => `STEAM-B-${i}`);
  await b.request({ method: 'POST', url: `${ADMIN}/products/${bStock}/codes`, token: opB.token, payload: { codes } });
  supplierId = (await addSupplier({ base_url: bUrl, email: agent.email, password: agent.password })).id;
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe(`forwarding orders to a supplier (${testEngine})`, () => {
  it('keeps supplier credentials encrypted and never returns them; shows our balance upstream', async () => {
    const list = (await a.request({ method: 'GET', url: `${ADMIN}/suppliers`, token: opA.token })).json().data
      .suppliers;
    expect(list[0]).toMatchObject({
      id: supplierId,
      kind: 'raseed',
      base_url: bUrl,
      email: agent.email,
      has_password: true,
      has_token: false,
    });
    expect(JSON.stringify(list)).not.toContain(agent.password);
    const row = await a.db.selectFrom('suppliers').selectAll().where('id', '=', supplierId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(agent.password);
    const balance = await a.request({
      method: 'GET',
      url: `${ADMIN}/suppliers/${supplierId}/balance`,
      token: opA.token,
    });
    expect(balance.json()).toEqual({ status: 'success', data: { balance: '100.00' } });
    // A blank password keeps the stored one.
    const patched = await a.request({
      method: 'PATCH',
      url: `${ADMIN}/suppliers/${supplierId}`,
      token: opA.token,
      payload: { name: 'متجر ب', password: '' },
    });
    expect(patched.json().data.supplier).toMatchObject({ name: 'متجر ب', has_password: true });
    const audit = await a.db.selectFrom('audit_log').selectAll().where('entity', '=', 'supplier').execute();
    expect(audit.map((r) => r.action)).toEqual(['supplier.create', 'supplier.update']);
    expect(JSON.stringify(audit)).not.toContain(agent.password);
  });

  it('refuses a supplier product without its supplier or its product id there', async () => {
    const res = await a.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: opA.token,
      payload: { department_id: depA, name: 'x', price: '1', delivery: 'supplier' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      supplier_id: ['يرجى اختيار المورد'],
      supplier_product_id: ['يرجى إدخال رقم المنتج لدى المورد'],
    });
  });

  it("asks the supplier's check-player for a forwarded product", async () => {
    const id = await forwardedProduct(bManual);
    const customer = await a.createUser();
    const res = await a.request({
      method: 'POST',
      url: `${PUBLIC}/check-player`,
      token: customer.token,
      payload: { product_id: id, player_id: '123456789' },
    });
    const upstream = await b.request({
      method: 'POST',
      url: `${PUBLIC}/check-player`,
      token: agent.token,
      payload: { product_id: bManual, player_id: '123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().player_name).toBe(upstream.json().player_name);
    expect(res.json().player_name).not.toBe('Not Found');
  });

  it("delivers from the supplier's stock: our order turns accepted with the supplier's code", async () => {
    const id = await forwardedProduct(bStock, supplierId, { type: 'code' });
    const customer = await a.createUser({ balance: 10_000_000 });
    const placed = await buyCode(customer, id);
    expect(placed).toMatchObject({ status: 'pending', api: true, delivery: 'supplier', codes: [] });
    await until(async () => (await orderOf(customer, placed.id)).status === 'success');
    const done = await orderOf(customer, placed.id);
    expect(done.codes).toHaveLength(1);
    expect(done.codes[0]).toMatch(/^STEAM-B-\d$/);
    const upstream = await agentOrders();
    expect(upstream.at(-1)).toMatchObject({ product_id: bStock, status: 'success' });
    expect((await forwardOf(placed.id)).upstream_order_id).toBe(String(upstream.at(-1)!.id));
    const notice = (await a.request({ method: 'GET', url: `${PUBLIC}/notifications`, token: customer.token })).json()
      .data.notifications[0];
    expect(notice).toMatchObject({ title: 'تم تسليم طلبك', order_id: placed.id, codes: done.codes });
    expect(await balanceOf(a, customer.id)).toBe(7_000_000);
    const admin = (
      await a.request({ method: 'GET', url: `${ADMIN}/orders?status=all&search=%23${placed.id}`, token: opA.token })
    ).json().data.orders[0];
    expect(admin.fulfilment).toMatchObject({
      delivery: 'supplier',
      supplier: { id: supplierId },
      upstream_order_id: String(upstream.at(-1)!.id),
      state: 'done',
    });
  });

  it("mirrors the supplier's rejection: our order is cancelled with the reason and refunded once", async () => {
    const id = await forwardedProduct(bManual);
    const customer = await a.createUser({ balance: 10_000_000 });
    const placed = await buyFixed(customer, id);
    await until(async () => (await forwardOf(placed.id)).state === 'follow');
    const upstreamId = Number((await forwardOf(placed.id)).upstream_order_id);
    const cancel = await b.request({
      method: 'POST',
      url: `${ADMIN}/orders/${upstreamId}/reject`,
      token: opB.token,
      payload: { cancel_msg: 'رقم اللاعب غير صحيح' },
    });
    expect(cancel.statusCode).toBe(200);
    await until(async () => (await orderOf(customer, placed.id)).status === 'cancel');
    expect(await orderOf(customer, placed.id)).toMatchObject({ status: 'cancel', cancel_msg: 'رقم اللاعب غير صحيح' });
    for (let i = 0; i < 3; i++) await a.app.forwarder.runDue();
    expect(await balanceOf(a, customer.id)).toBe(10_000_000);
    const refunds = await a.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', customer.id)
      .where('credit', '>', 0)
      .where('ref_type', '=', 'order')
      .execute();
    expect(refunds).toHaveLength(1);
    const notice = (await a.request({ method: 'GET', url: `${PUBLIC}/notifications`, token: customer.token })).json()
      .data.notifications[0];
    expect(notice.msg).toContain('رقم اللاعب غير صحيح');
    expect((await verifyLedger(a.db)).ok).toBe(true);
    expect((await verifyLedger(b.db)).ok).toBe(true);
  });

  it("mirrors the supplier's hand acceptance with its message", async () => {
    const id = await forwardedProduct(bManual);
    const customer = await a.createUser({ balance: 10_000_000 });
    const placed = await buyFixed(customer, id);
    await until(async () => (await forwardOf(placed.id)).state === 'follow');
    const upstreamId = Number((await forwardOf(placed.id)).upstream_order_id);
    await b.request({
      method: 'POST',
      url: `${ADMIN}/orders/${upstreamId}/accept`,
      token: opB.token,
      payload: { message: 'تم الشحن إلى حسابك' },
    });
    await until(async () => (await orderOf(customer, placed.id)).status === 'success');
    expect(await orderOf(customer, placed.id)).toMatchObject({
      status: 'success',
      message: 'تم الشحن إلى حسابك',
      codes: [],
    });
    const cancel = await a.request({
      method: 'POST',
      url: `${PUBLIC}/orders/${placed.id}/cancel`,
      token: customer.token,
    });
    expect(cancel.statusCode).toBe(422);
  });

  it(
    'sends a retried forward with the same key: a crash after the ' + 'supplier took the order never buys twice',
    async () => {
      const id = await forwardedProduct(bManual);
      const customer = await a.createUser({ balance: 10_000_000 });
      const before = (await agentOrders()).length;
      const placed = await buyFixed(customer, id);
      await until(async () => (await forwardOf(placed.id)).state === 'follow');
      const first = (await forwardOf(placed.id)).upstream_order_id;
      // As if the process died after upstream answered but before we wrote it down: the row is
      // back to "send" with no upstream id, and the next worker sends it again.
      await a.db
        .updateTable('order_outbox')
        .set({ state: 'send', upstream_order_id: null })
        .where('order_id', '=', placed.id)
        .execute();
      await until(async () => (await forwardOf(placed.id)).state === 'follow');
      expect((await forwardOf(placed.id)).upstream_order_id).toBe(first);
      expect((await agentOrders()).length).toBe(before + 1);
    },
  );

  it('a supplier reached with an API key and no public address of ours: no webhook, followed by polling', async () => {
    const token = await liveKeyOf(b, opB, agent);
    const keyed = await addSupplier({ name: 'متجر بمفتاح', base_url: bUrl, token });
    const id = await forwardedProduct(bManual, keyed.id);
    const customer = await a.createUser({ balance: 10_000_000 });
    const before = (await agentOrders()).length;
    const placed = await buyFixed(customer, id);
    await until(async () => (await forwardOf(placed.id)).state === 'follow');
    const first = (await forwardOf(placed.id)).upstream_order_id;
    // A failed attempt that may have reached upstream: the retry asks B by the key before sending.
    await a.db
      .updateTable('order_outbox')
      .set({ state: 'send', upstream_order_id: null, attempts: 1 })
      .where('order_id', '=', placed.id)
      .execute();
    await until(async () => (await forwardOf(placed.id)).state === 'follow');
    expect((await forwardOf(placed.id)).upstream_order_id).toBe(first);
    expect((await agentOrders()).length).toBe(before + 1);
    const row = await a.db.selectFrom('suppliers').selectAll().where('id', '=', keyed.id).executeTakeFirstOrThrow();
    expect(row.hook_id).toBeNull();
    expect(await b.db.selectFrom('webhook_endpoints').selectAll().where('user_id', '=', agent.id).execute()).toEqual(
      [],
    );
    await b.request({
      method: 'POST',
      url: `${ADMIN}/orders/${first}/accept`,
      token: opB.token,
      payload: { message: 'تم' },
    });
    await until(async () => (await orderOf(customer, placed.id)).status === 'success');
  });

  it(
    'two workers on one database never send the same order twice [a ' +
      'race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const id = await forwardedProduct(bManual);
      const customers = await Promise.all(Array.from({ length: 6 }, () => a.createUser({ balance: 10_000_000 })));
      const before = (await agentOrders()).length;
      const placed = [];
      for (const c of customers) placed.push(await buyFixed(c, id));
      const settings = { ...a.config.delivery, backoffMs: 10 };
      const second = createForwardWorker(
        {
          db: a.db,
          sealer: a.config.sealer,
          suppliers: a.app.suppliers,
          settings,
          log: a.app.log,
          publicUrl: undefined,
        },
        false,
      );
      await Promise.all([a.app.forwarder.runDue(), second.runDue(), a.app.forwarder.runDue(), second.runDue()]);
      for (const o of placed) expect((await forwardOf(o.id)).state).toBe('follow');
      const upstream = (await agentOrders()).slice(before);
      expect(upstream).toHaveLength(6);
      const ids = await Promise.all(placed.map(async (o) => (await forwardOf(o.id)).upstream_order_id));
      expect(new Set(ids).size).toBe(6);
    },
  );

  it('an unreachable supplier: retried with back-off, then "needs attention", never refunded by itself', async () => {
    // Saved while it answered, then it went away (a save tries the connection first).
    const dead = await addSupplier({
      name: 'مورد متوقف',
      base_url: bUrl,
      email: agent.email,
      password: agent.password,
    });
    await a.db
      .updateTable('suppliers')
      .set({ base_url: `http://127.0.0.1:${await unusedPort()}`, updated_at: new Date().toISOString() })
      .where('id', '=', dead.id)
      .execute();
    const id = await forwardedProduct(bManual, dead.id);
    const customer = await a.createUser({ balance: 10_000_000 });
    const placed = await buyFixed(customer, id);
    await a.app.forwarder.runDue();
    expect(await forwardOf(placed.id)).toMatchObject({
      state: 'send',
      attempts: 1,
      last_error: 'تعذّر الاتصال بالمورد',
    });
    // While the worker still tries, the operator cannot decide by hand.
    const early = await a.request({
      method: 'POST',
      url: `${ADMIN}/orders/${placed.id}/reject`,
      token: opA.token,
      payload: { cancel_msg: 'x' },
    });
    expect(early.statusCode).toBe(409);
    await until(async () => (await forwardOf(placed.id)).state === 'attention');
    expect(await forwardOf(placed.id)).toMatchObject({
      attempts: 3,
      last_error: 'توقفت المحاولات بعد 3 محاولات: تعذّر الاتصال بالمورد',
    });
    expect((await orderOf(customer, placed.id)).status).toBe('pending');
    expect(await balanceOf(a, customer.id)).toBe(7_000_000);
    const queue = (await a.request({ method: 'GET', url: `${ADMIN}/orders?status=attention`, token: opA.token })).json()
      .data.orders;
    expect(queue.map((o: { id: number }) => o.id)).toContain(placed.id);
    expect(queue.find((o: { id: number }) => o.id === placed.id).fulfilment).toMatchObject({
      state: 'attention',
      supplier: { name: 'مورد متوقف' },
    });
    const stats = (await a.request({ method: 'GET', url: `${ADMIN}/stats`, token: opA.token })).json().data.stats;
    expect(stats.attention_orders).toBeGreaterThanOrEqual(1);

    const retry = await a.request({
      method: 'POST',
      url: `${ADMIN}/orders/${placed.id}/retry-delivery`,
      token: opA.token,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.order.fulfilment).toMatchObject({ state: 'send', attempts: 0 });
    await until(async () => (await forwardOf(placed.id)).state === 'attention');
    const again = await a.request({
      method: 'POST',
      url: `${ADMIN}/orders/${placed.id}/retry-delivery`,
      token: opA.token,
    });
    expect(again.statusCode).toBe(200);
    await until(async () => (await forwardOf(placed.id)).state === 'attention');
    // The operator refunds by hand: once.
    const reject = await a.request({
      method: 'POST',
      url: `${ADMIN}/orders/${placed.id}/reject`,
      token: opA.token,
      payload: { cancel_msg: 'تعذر التنفيذ لدى المورد' },
    });
    expect(reject.statusCode).toBe(200);
    expect((await forwardOf(placed.id)).state).toBe('done');
    expect(await balanceOf(a, customer.id)).toBe(10_000_000);
    const retryDone = await a.request({
      method: 'POST',
      url: `${ADMIN}/orders/${placed.id}/retry-delivery`,
      token: opA.token,
    });
    expect(retryDone.statusCode).toBe(422);
    expect((await verifyLedger(a.db)).ok).toBe(true);
  });

  it('a refusal by the supplier (our balance there too low) needs attention at once', async () => {
    const poor = await b.createUser({ balance: 1_000_000 });
    const sup = await addSupplier({ name: 'حساب فارغ', base_url: bUrl, email: poor.email, password: poor.password });
    const id = await forwardedProduct(bManual, sup.id);
    const customer = await a.createUser({ balance: 10_000_000 });
    const placed = await buyFixed(customer, id);
    await a.app.forwarder.runDue();
    const fwd = await forwardOf(placed.id);
    expect(fwd).toMatchObject({ state: 'attention', attempts: 1 });
    expect(fwd.last_error).toBe('رفض المورد الطلب: رصيدك غير كافٍ لإتمام هذه العملية');
    expect(await balanceOf(a, customer.id)).toBe(7_000_000);
    const gone = await a.request({ method: 'DELETE', url: `${ADMIN}/suppliers/${sup.id}`, token: opA.token });
    expect(gone.statusCode).toBe(409);
  });
});
