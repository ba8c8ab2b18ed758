import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { makeCatalog, PUBLIC, stockedProduct } from './operator-fixtures';
import { allowApi } from './reseller-fixtures';
import { type Receiver, startReceiver } from './webhook-receiver';

// The webhook worker runs as in production, with a poll so long that only the wake an order's
// commit gives it can send an event within the test: a reseller's system hears of an order at
// once, whichever road placed it (PostgreSQL's one statement or a transaction).

let t: TestApp;
let op: TestUser;
let receiver: Receiver;
let manualProduct: number;
let departmentId: number;

beforeAll(async () => {
  t = await setupApp({ env: { WEBHOOK_WORKER: '1', WEBHOOK_POLL_MS: '600000' } });
  op = await t.createUser({ role: 'operator' });
  receiver = await startReceiver();
  const catalog = await makeCatalog(t, op);
  manualProduct = catalog.product.id;
  departmentId = catalog.department.id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const post = (user: TestUser, url: string, payload: object) =>
  t.request({ method: 'POST', url: `${PUBLIC}${url}`, token: user.token, payload });

/** A customer with API access, a confirmed session, a balance and an endpoint at `path`. */
async function reseller(path: string): Promise<TestUser> {
  const user = await t.createUser({ balance: 100_000_000 });
  await allowApi(t, op, user);
  const hooked = await post(user, '/webhooks', { url: receiver.url(path) });
  expect(hooked.statusCode, hooked.body).toBe(201);
  return user;
}

const typesAt = (path: string) => receiver.at(path).map((r) => r.json.type);

describe(`webhooks sent right after the order commits (${testEngine})`, () => {
  it("a manual order's debit reaches the reseller's endpoint at once, not at the worker's next poll", async () => {
    const user = await reseller('/manual');
    const res = await post(user, '/orders-create-fixed', { playerId: '5123456789', productId: manualProduct });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => typesAt('/manual'), { timeout: 3000 }).toEqual(['balance.updated']);
  });

  it('a code sold from stock reaches it at once too: the delivered order and its debit', async () => {
    const user = await reseller('/stock');
    const productId = await stockedProduct(t, op, departmentId, ['GPLAY-1212-AAAA']);
    const res = await post(user, '/orders-create-code', { product_id: productId });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => typesAt('/stock').sort(), { timeout: 3000 }).toEqual(['balance.updated', 'order.updated']);
  });
});
