import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, eventually } from './harness/api';
import { freePort, type RunningStore, startStore } from './harness/server';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';

/**
 * Two real store processes on loopback, each with its workers running as in production: B is A's
 * supplier, reached with an API key of A's account at B. A's follow-up polls are a minute apart
 * (the most the schedule allows), so an outcome that reaches A within seconds came by B's webhook.
 */
const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';

let a: RunningStore;
let b: RunningStore;
let opA: Customer;
let opB: Customer;
let agent: Customer;
let productA: number;
let bProduct: number;

async function buy(customer: Customer) {
  const placed = await call(a, 'POST', `${API}/orders-create-fixed`, customer.token, {
    productId: productA,
    playerId: '5566778899',
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(201);
  const id = placed.json.data.order.id as number;
  const h = await openStoreDb(a);
  try {
    const forward = await eventually(
      () => h.db.selectFrom('order_outbox').selectAll().where('order_id', '=', id).executeTakeFirst(),
      (f) => f?.state === 'follow',
    );
    return { id, upstreamId: Number(forward!.upstream_order_id) };
  } finally {
    await h.close();
  }
}

const orderAt = async (c: Customer, id: number) =>
  (await call(a, 'GET', `${API}/orders/${id}`, c.token)).json.data.order;

beforeAll(async () => {
  const port = await freePort();
  [a, b] = await Promise.all([
    startStore({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DELIVERY_BACKOFF_MS: '600000' }),
    startStore(),
  ]);
  [opA, opB, agent] = await Promise.all([
    createCustomer(a, { role: 'operator' }),
    createCustomer(b, { role: 'operator' }),
    createCustomer(b, { balance: 100_000_000, name: 'وكيل المتجر أ' }),
  ]);
  expect((await call(b, 'PATCH', `${ADMIN}/users/${agent.id}`, opB.token, { api_access: true })).status).toBe(200);
  await call(b, 'POST', `${API}/user/confirm-password`, agent.token, { password: agent.password });
  const key = await call(b, 'POST', `${API}/api-keys`, agent.token, { name: 'المتجر أ', mode: 'live' });
  expect(key.status, JSON.stringify(key.json)).toBe(201);

  const depB = (await call(b, 'GET', `${ADMIN}/departments`, opB.token)).json.data.departments[0].id;
  const up = await call(b, 'POST', `${ADMIN}/products`, opB.token, {
    department_id: depB,
    name: 'شدات يدوية',
    price: '2.00',
    type: 'id',
  });
  expect(up.status, JSON.stringify(up.json)).toBe(201);
  bProduct = up.json.data.product.id;

  const sup = await call(a, 'POST', `${ADMIN}/suppliers`, opA.token, {
    name: 'المتجر ب',
    kind: 'raseed',
    base_url: b.baseUrl,
    token: key.json.data.api_key.token,
  });
  expect(sup.status, JSON.stringify(sup.json)).toBe(201);
  const depA = (await call(a, 'GET', `${ADMIN}/departments`, opA.token)).json.data.departments[0].id;
  const mine = await call(a, 'POST', `${ADMIN}/products`, opA.token, {
    department_id: depA,
    name: 'شدات عبر المورد',
    price: '3.00',
    delivery: 'supplier',
    supplier_id: sup.json.data.supplier.id,
    supplier_product_id: String(bProduct),
  });
  expect(mine.status, JSON.stringify(mine.json)).toBe(201);
  productA = mine.json.data.product.id;
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

describe("store A follows store B's orders by webhook", () => {
  it("B's operator accepts: A's order is accepted with B's message within seconds", async () => {
    const customer = await createCustomer(a, { balance: 10_000_000 });
    const { id, upstreamId } = await buy(customer);
    const accepted = await call(b, 'POST', `${ADMIN}/orders/${upstreamId}/accept`, opB.token, {
      message: 'تم الشحن',
    });
    expect(accepted.status).toBe(200);
    const started = Date.now();
    const done = await eventually(
      () => orderAt(customer, id),
      (o) => o.status === 'success',
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(done.message).toBe('تم الشحن');
  });

  it("B's operator rejects: A's order is cancelled with B's reason and refunded", async () => {
    const customer = await createCustomer(a, { balance: 10_000_000 });
    const { id, upstreamId } = await buy(customer);
    const rejected = await call(b, 'POST', `${ADMIN}/orders/${upstreamId}/reject`, opB.token, {
      cancel_msg: 'المعرف غير صحيح',
    });
    expect(rejected.status).toBe(200);
    const started = Date.now();
    const cancelled = await eventually(
      () => orderAt(customer, id),
      (o) => o.status === 'cancel',
      10_000,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(cancelled.cancel_msg).toBe('المعرف غير صحيح');
    const me = (await call(a, 'GET', `${API}/me`, customer.token)).json.data.user;
    expect(me.balance).toBe('10.00');
  });
});
