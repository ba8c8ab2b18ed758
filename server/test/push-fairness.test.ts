import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/accounts/sessions';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { startPushService } from './push-service-stub';

// One customer's slow or dead push endpoints must not delay anyone else's pushes: the sender
// sends several at once and at most a few of one customer's, and a customer keeps at most 10
// subscribed browsers. The attack this holds: ten tarpit endpoints delayed another customer's
// push by 100 s when the sender went one push at a time.

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startPushService>>;
let tarpit: Server;
let tarpitUrl: string;
let hits = 0;
let op: TestUser;

beforeAll(async () => {
  pushService = await startPushService();
  // Accepts the connection, reads the push, never answers.
  tarpit = createServer(() => {
    hits++;
  });
  await new Promise<void>((r) => tarpit.listen(0, '127.0.0.1', () => r()));
  tarpitUrl = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}`;
  t = await setupApp({ env: { PUSH_WORKER: '1', PUSH_TIMEOUT_MS: '4000', PUSH_POLL_MS: '60000' } });
  op = await t.createUser({ role: 'operator' });
});
afterAll(async () => {
  tarpit.closeAllConnections();
  await t.close();
  await pushService.close();
  await new Promise((r) => tarpit.close(r));
});

/** Subscribes a new browser (its own session) of the customer to `endpoint`. */
async function subscribeBrowser(user: TestUser, endpoint?: string) {
  // As a fresh sign-in leaves it: the password just confirmed, so a new push endpoint is allowed.
  const token = await createSession(t.db, user.id, { ttlDays: 1, confirmed: true });
  const sub = pushService.subscribe();
  const res = await t.request({
    method: 'POST',
    url: '/public/api/v1/push-subscription',
    token,
    payload: { ...sub.json, endpoint: endpoint ?? sub.json.endpoint },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function notice(user: TestUser, msg: string) {
  const res = await t.request({
    method: 'POST',
    url: `${ADMIN}/notifications`,
    token: op.token,
    payload: { user_id: user.id, title: 'تنبيه', msg },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const subscriptionsOf = (user: TestUser) =>
  t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', user.id).orderBy('id').execute();

describe('fair pushes', () => {
  it('keeps a customer to 10 subscribed browsers, retiring the oldest', async () => {
    const customer = await t.createUser();
    for (let i = 0; i < 12; i++) await subscribeBrowser(customer, `${tarpitUrl}/cap/${i}`);
    const rows = await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.endpoint)).toEqual(Array.from({ length: 10 }, (_, i) => `${tarpitUrl}/cap/${i + 2}`));
    await t.db.deleteFrom('push_subscriptions').where('user_id', '=', customer.id).execute();
  });

  it("another customer's push arrives in under 2 s while ten tarpit endpoints hang", async () => {
    const attacker = await t.createUser();
    const other = await t.createUser();
    for (let i = 0; i < 10; i++) await subscribeBrowser(attacker, `${tarpitUrl}/slow/${i}`);
    await subscribeBrowser(other);
    expect(await subscriptionsOf(attacker)).toHaveLength(10);
    await notice(attacker, 'إلى المهاجم');
    // Let the sender take the attacker's pushes first.
    const deadline = Date.now() + 2000;
    while (hits === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(hits).toBeGreaterThan(0);
    const sentAt = Date.now();
    await notice(other, 'إلى العميل الآخر');
    while (pushService.received.length === 0 && Date.now() - sentAt < 2000) await new Promise((r) => setTimeout(r, 10));
    expect(pushService.received.map((r) => JSON.parse(r.payload).body)).toEqual(['إلى العميل الآخر']);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    // The attacker's hanging sends never took more than their share of the sender at once.
    expect(hits).toBeLessThanOrEqual(2);
  });
});
