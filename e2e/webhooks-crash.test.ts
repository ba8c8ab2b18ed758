import { describe, expect, it } from 'vitest';
import { startReceiver, timestampFresh, verifiedBy } from '../server/test/webhook-receiver';
import { callApi, eventually } from './harness/api';
import { type FreshDatabase, onFreshPostgres, onFreshSqlite } from './harness/fresh-database';
import { freePort, startStore } from './harness/server';
import { createCustomer } from './harness/store-db';

const ADMIN = '/admin/api/v1';
const PUBLIC = '/public/api/v1';
// The first retry 2 s (±20%) after the failed attempt: long enough to kill the store between two
// attempts, short enough that the restarted one sends soon.
const WORKER = { WEBHOOK_POLL_MS: '200', WEBHOOK_BACKOFF_MS: '2000' };

/**
 * An order is accepted and its event committed while the reseller's receiver is down (its port
 * refuses connections), so the event waits in the outbox; the store is killed with SIGKILL before
 * the next attempt. After the restart, with the receiver up, the event arrives once, signed.
 */
async function crashJourney({ env }: FreshDatabase) {
  const port = await freePort();
  let store = await startStore({ ...env, ...WORKER });
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  try {
    const op = await createCustomer(store, { role: 'operator' });
    const c = await createCustomer(store, { balance: 50_000_000 });
    expect((await callApi(store, 'PATCH', `${ADMIN}/users/${c.id}`, op.token, { api_access: true })).status).toBe(200);
    const confirmed = await callApi(store, 'POST', `${PUBLIC}/user/confirm-password`, c.token, {
      password: c.password,
    });
    expect(confirmed.status).toBe(200);
    const created = await callApi(store, 'POST', `${PUBLIC}/webhooks`, c.token, {
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['order.updated'],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const hook = created.json.data.webhook as { id: number; secret: string };

    const category = await callApi(store, 'POST', `${ADMIN}/categories`, op.token, { name: 'ألعاب' });
    const department = await callApi(store, 'POST', `${ADMIN}/departments`, op.token, {
      category_id: category.json.data.category.id,
      name: 'ببجي',
    });
    const product = await callApi(store, 'POST', `${ADMIN}/products`, op.token, {
      department_id: department.json.data.department.id,
      name: '60 شدة',
      price: '5.00',
    });
    const order = await callApi(store, 'POST', `${PUBLIC}/orders-create-fixed`, c.token, {
      playerId: '5123456789',
      productId: product.json.data.product.id,
    });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const orderId = order.json.data.order.id as number;
    expect((await callApi(store, 'POST', `${ADMIN}/orders/${orderId}/accept`, op.token, {})).status).toBe(200);

    const deliveries = async () =>
      (await callApi(store, 'GET', `${PUBLIC}/webhooks/${hook.id}/deliveries`, c.token)).json.data.deliveries as Array<{
        state: string;
        attempts: number;
        event_id: string;
        last_status: number | null;
      }>;
    // The first attempt found nobody listening; the event waits for its next one.
    await eventually(deliveries, (d) => d.length === 1 && d[0]!.attempts >= 1);
    await store.kill();

    receiver = await startReceiver(port);
    store = await startStore({ ...env, ...WORKER });
    await eventually(
      () => receiver!.received.length,
      (n) => n >= 1,
    );
    // A second copy would come within a retry's wait: give it the time to show itself.
    await new Promise((r) => setTimeout(r, 3000));
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(verifiedBy([hook.secret], got)).toEqual([true]);
    expect(timestampFresh(got)).toBe(true);
    expect(got.json).toMatchObject({ type: 'order.updated', livemode: true });
    expect(got.json.data.order).toMatchObject({ id: orderId, status: 'success' });
    const [settled] = await deliveries();
    expect(settled).toMatchObject({ state: 'delivered', last_status: 200, event_id: got.headers['webhook-id'] });
  } finally {
    await store.stop();
    await receiver?.close();
  }
}

describe('killing the server with SIGKILL between an event’s commit and its delivery', () => {
  it(
    'on the SQLite file: delivered once after the restart',
    () => onFreshSqlite('raseed-hooks-crash-', crashJourney),
    120_000,
  );

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.runIf(pgUrl)(
    'on PostgreSQL (TEST_DATABASE_URL): delivered once after the restart',
    () => onFreshPostgres(pgUrl ?? '', 'raseed_hooks_crash_', crashJourney),
    120_000,
  );
});
