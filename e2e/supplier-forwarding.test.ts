import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../server/src/modules/wallet/verify';
import { callApi, eventually } from './harness/api';
import { type HoldingProxy, startHoldingProxy } from './harness/holding-proxy';
import { freePort, type RunningStore, startStore } from './harness/server';
import { type Customer, createCustomer, insertSupplier, openStoreDb } from './harness/store-db';

/**
 * Two real store processes: B is the supplier of A. A customer of A buys; A's delivery worker
 * forwards the order to B over HTTP and mirrors what happens there. A is killed with SIGKILL
 * while forwarding and restarted on the same data.
 */
const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';
const aEnv = {
  DELIVERY_POLL_MS: '200',
  DELIVERY_BACKOFF_MS: '200',
  DELIVERY_MAX_ATTEMPTS: '3',
  DELIVERY_LEASE_MS: '1500',
};

let a: RunningStore;
let b: RunningStore;
let proxy: HoldingProxy;
let opA: Customer;
let opB: Customer;
let agent: Customer;
let aDept: number;
let supplierId: number;

const call = callApi;

async function bProduct(payload: Record<string, unknown>): Promise<number> {
  const dep = (await call(b, 'GET', `${ADMIN}/departments`, opB.token)).json.data.departments[0];
  const res = await call(b, 'POST', `${ADMIN}/products`, opB.token, {
    department_id: dep.id,
    price: '2.00',
    ...payload,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.product.id;
}

async function aProduct(upstream: number, supplier: number, payload: Record<string, unknown> = {}): Promise<number> {
  const res = await call(a, 'POST', `${ADMIN}/products`, opA.token, {
    department_id: aDept,
    name: 'بطاقة عبر المورد',
    price: '3.00',
    delivery: 'supplier',
    supplier_id: supplier,
    supplier_product_id: String(upstream),
    ...payload,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.product.id;
}

const orderAt = async (store: RunningStore, c: Customer, id: number) =>
  (await call(store, 'GET', `${API}/orders/${id}`, c.token)).json.data.order;
const agentOrderCount = async () => {
  const h = await openStoreDb(b);
  try {
    return (await h.db.selectFrom('orders').select('id').where('user_id', '=', agent.id).execute()).length;
  } finally {
    await h.close();
  }
};

beforeAll(async () => {
  [a, b] = await Promise.all([startStore(aEnv), startStore()]);
  proxy = await startHoldingProxy(b.baseUrl);
  [opA, opB, agent] = await Promise.all([
    createCustomer(a, { role: 'operator' }),
    createCustomer(b, { role: 'operator' }),
    createCustomer(b, { balance: 100_000_000, name: 'وكيل المتجر أ' }),
  ]);
  aDept = (await call(a, 'GET', `${ADMIN}/departments`, opA.token)).json.data.departments[0].id;
  const sup = await call(a, 'POST', `${ADMIN}/suppliers`, opA.token, {
    name: 'المتجر ب',
    kind: 'raseed',
    base_url: proxy.url,
    email: agent.email,
    password: agent.password,
  });
  expect(sup.status).toBe(201);
  supplierId = sup.json.data.supplier.id;
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('store A forwards orders to store B', () => {
  it("B's stock delivers at once and A's order turns accepted with the code within seconds", async () => {
    const upstream = await bProduct({ name: 'بطاقة ستيم 5$', type: 'code', delivery: 'stock' });
    await call(b, 'POST', `${ADMIN}/products/${upstream}/codes`, opB.token, {
      codes: ['STEAM-E2E-0001', 'STEAM-E2E-0002'],
    });
    const id = await aProduct(upstream, supplierId, { type: 'code' });
    const customer = await createCustomer(a, { balance: 10_000_000 });
    const started = Date.now();
    const placed = await call(a, 'POST', `${API}/orders-create-code`, customer.token, { product_id: id });
    expect(placed.status).toBe(201);
    expect(placed.json.data.order).toMatchObject({ status: 'pending', api: true });
    const done = await eventually(
      () => orderAt(a, customer, placed.json.data.order.id),
      (o) => o.status === 'success',
      10_000,
    );
    expect(done.codes).toEqual(['STEAM-E2E-0001']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("B's operator rejects: A cancels and refunds once, with B's reason", async () => {
    const upstream = await bProduct({ name: 'شدات يدوية', type: 'id' });
    const id = await aProduct(upstream, supplierId);
    const customer = await createCustomer(a, { balance: 10_000_000 });
    const placed = (
      await call(a, 'POST', `${API}/orders-create-fixed`, customer.token, { productId: id, playerId: '5566778899' })
    ).json.data.order;
    const h = await openStoreDb(b);
    const upstreamOrder = await eventually(
      () =>
        h.db
          .selectFrom('orders')
          .selectAll()
          .where('user_id', '=', agent.id)
          .where('product_id', '=', upstream)
          .executeTakeFirst(),
      (o) => o !== undefined,
    );
    await h.close();
    expect(upstreamOrder!.data).toBe('5566778899');
    const rejected = await call(b, 'POST', `${ADMIN}/orders/${upstreamOrder!.id}/reject`, opB.token, {
      cancel_msg: 'المعرف غير صحيح',
    });
    expect(rejected.status).toBe(200);
    const cancelled = await eventually(
      () => orderAt(a, customer, placed.id),
      (o) => o.status === 'cancel',
    );
    expect(cancelled.cancel_msg).toBe('المعرف غير صحيح');
    await new Promise((r) => setTimeout(r, 1000));
    const me = (await call(a, 'GET', `${API}/me`, customer.token)).json.data.user;
    expect(me.balance).toBe('10.00');
  });

  it(
    'A killed with SIGKILL while forwarding and restarted: exactly ' + 'one order on B, and it still completes',
    async () => {
      const upstream = await bProduct({ name: 'شحن مباشر', type: 'id' });
      const id = await aProduct(upstream, supplierId);
      const customer = await createCustomer(a, { balance: 10_000_000 });
      const before = await agentOrderCount();
      const held = proxy.holdNext(/orders-create-/);
      const placed = (
        await call(a, 'POST', `${API}/orders-create-fixed`, customer.token, { productId: id, playerId: '1212121212' })
      ).json.data.order;
      await held; // B has the order; A has not heard back
      await a.kill();
      expect(await agentOrderCount()).toBe(before + 1);
      a = await startStore({ ...aEnv, DATA_DIR: a.dataDir });
      const h = await openStoreDb(a);
      const forward = await eventually(
        () => h.db.selectFrom('order_outbox').selectAll().where('order_id', '=', placed.id).executeTakeFirstOrThrow(),
        (f) => f.state === 'follow',
      );
      await h.close();
      expect(await agentOrderCount()).toBe(before + 1);
      const accepted = await call(b, 'POST', `${ADMIN}/orders/${forward.upstream_order_id}/accept`, opB.token, {
        message: 'تم',
      });
      expect(accepted.status).toBe(200);
      const done = await eventually(
        () => orderAt(a, customer, placed.id),
        (o) => o.status === 'success',
      );
      expect(done.message).toBe('تم');
    },
  );

  it('B unreachable: the order lands in "needs attention", not refunded', async () => {
    // Saved while it answered (a save tries the connection first), down now.
    const supplierId = await insertSupplier(a, {
      name: 'مورد لا يرد',
      base_url: `http://127.0.0.1:${await freePort()}`,
      email: agent.email,
      password: agent.password,
    });
    const id = await aProduct(1, supplierId);
    const customer = await createCustomer(a, { balance: 10_000_000 });
    const placed = (
      await call(a, 'POST', `${API}/orders-create-fixed`, customer.token, { productId: id, playerId: '3434343434' })
    ).json.data.order;
    const queued = await eventually(
      async () => (await call(a, 'GET', `${ADMIN}/orders?status=attention`, opA.token)).json.data.orders,
      (orders: Array<{ id: number; status: string; fulfilment: unknown }>) => orders.some((o) => o.id === placed.id),
    );
    const order = queued.find((o) => o.id === placed.id)!;
    expect(order.status).toBe('pending');
    expect(order.fulfilment).toMatchObject({
      state: 'attention',
      attempts: 3,
      last_error: 'توقفت المحاولات بعد 3 محاولات: تعذّر الاتصال بالمورد',
    });
    const me = (await call(a, 'GET', `${API}/me`, customer.token)).json.data.user;
    expect(me.balance).toBe('7.00');
  });

  it('ledger:verify is clean on both stores', async () => {
    for (const store of [a, b]) {
      const h = await openStoreDb(store);
      try {
        expect((await verifyLedger(h.db)).ok).toBe(true);
      } finally {
        await h.close();
      }
    }
  });
});
