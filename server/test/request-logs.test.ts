import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import { createSession } from '../src/modules/accounts/sessions';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, makeCatalog, PUBLIC } from './operator-fixtures';
import { startPushService } from './push-service-stub';
import { firstBankId, pngReceipt, uploadCharge } from './topup-fixtures';

// The log as an operator reads it: every line of a request and of the worker jobs it caused
// carries the request's id, and each money decision is one line with who, whose, how much and
// which, never the code or message it delivered. Lines are captured from the app's own logger.

type Line = Record<string, any> & { msg: string; reqId?: string };
const lines: Line[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
    done();
  },
});

/** A loopback port nothing listens on. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let op: TestUser;
let customer: TestUser;
let productId: number;
let departmentId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true, env: { LOG_LEVEL: 'info' }, logStream: capture });
  op = await t.createUser({ role: 'operator' });
  const catalog = await makeCatalog(t, op);
  productId = catalog.product.id;
  departmentId = catalog.department.id;
  customer = await t.createUser({ balance: 100_000_000 });
  await t.request({
    method: 'PATCH',
    url: `${ADMIN}/users/${customer.id}`,
    token: op.token,
    payload: { api_access: true },
  });
  await t.request({
    method: 'POST',
    url: `${PUBLIC}/user/confirm-password`,
    token: customer.token,
    payload: { password: customer.password },
  });
  // Nothing listens there: each delivery attempt fails and the worker logs it.
  const url = `http://127.0.0.1:${await freeLoopbackPort()}/hook`;
  const hook = await t.request({ method: 'POST', url: `${PUBLIC}/webhooks`, token: customer.token, payload: { url } });
  expect(hook.statusCode, hook.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

/** The id Fastify gave the request to `url`, from its own "incoming request" line (logged from line `from` on). */
function requestIdOf(method: string, url: string, from = 0): string {
  const found = lines
    .slice(from)
    .filter((l) => l.msg === 'incoming request' && l.req?.method === method && l.req?.url === url);
  expect(found).toHaveLength(1);
  return found[0]!.reqId!;
}

type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * A browser of the user subscribed to pushes, then unsubscribed: the push service answers 410 to
 * the next push and the sender logs it.
 */
async function subscribeThenUnsubscribe(pushService: PushService, userId: number): Promise<void> {
  // As a fresh sign-in leaves it: the password just confirmed, so a new push endpoint is allowed.
  const token = await createSession(t.db, userId, { ttlDays: 1, confirmed: true });
  const sub = pushService.subscribe();
  const subscribed = await t.request({ method: 'POST', url: `${PUBLIC}/push-subscription`, token, payload: sub.json });
  expect(subscribed.statusCode, subscribed.body).toBe(200);
  pushService.expire(sub.id);
}

describe('request ids across worker jobs', () => {
  it('the webhook job an order caused logs the id of the request that placed it', async () => {
    const placed = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-fixed`,
      token: customer.token,
      payload: { playerId: '5123456789', productId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const reqId = requestIdOf('POST', `${PUBLIC}/orders-create-fixed`);
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const before = lines.length;
    // Run outside any request: only the note the request left links the job to it.
    await t.app.webhooks.runDue();
    const jobLines = lines.slice(before).filter((l) => l.msg === 'webhook not delivered');
    expect(jobLines).toHaveLength(1);
    expect(jobLines[0]!.reqId).toBe(reqId);
    // Every line of the request itself carries the same id.
    for (const l of lines.filter((x) => x.req?.url === `${PUBLIC}/orders-create-fixed`)) expect(l.reqId).toBe(reqId);
  });
});

describe('request ids kept with the job', () => {
  it('another instance running the webhook job logs the id of the request that queued it', async () => {
    const from = lines.length;
    const placed = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-fixed`,
      token: customer.token,
      payload: { playerId: '5123456781', productId },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const reqId = requestIdOf('POST', `${PUBLIC}/orders-create-fixed`, from);
    // A second store with its own connection to the same database, as another instance (or this
    // one after a restart) is.
    const handle = await connect({ databaseUrl: t.config.databaseUrl, dataDir: t.dataDir, pgSchema: t.pgSchema });
    const other = await buildApp({
      config: t.config,
      db: handle.db,
      engine: t.engine,
      storage: t.storage,
      logStream: capture,
    });
    try {
      await other.ready();
      const before = lines.length;
      await other.webhooks.runDue();
      const jobLines = lines.slice(before).filter((l) => l.msg === 'webhook not delivered');
      expect(jobLines.map((l) => l.reqId)).toEqual([reqId]);
    } finally {
      await other.close();
      await handle.close();
    }
  });

  it("a push the operator's notice queued logs the id of the operator's request", async () => {
    const pushService = await startPushService();
    try {
      const reader = await t.createUser();
      await subscribeThenUnsubscribe(pushService, reader.id);
      const url = `${ADMIN}/notifications`;
      const from = lines.length;
      const sent = await t.request({
        method: 'POST',
        url,
        token: op.token,
        payload: { user_id: reader.id, title: 'تنبيه', msg: 'رسالة' },
      });
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      const reqId = requestIdOf('POST', url, from);
      // The sender runs on its own after the commit; runDue makes sure it has.
      await t.app.pushWorker.runDue();
      await expect
        .poll(() => lines.filter((l) => l.msg === 'push subscription expired: deleted').map((l) => l.reqId))
        .toEqual([reqId]);
    } finally {
      await pushService.close();
    }
  });

  it("a sale's low-stock warning logs, through the operator's push, the id of the sale's request", async () => {
    const pushService = await startPushService();
    try {
      await subscribeThenUnsubscribe(pushService, op.id);
      const made = await t.request({
        method: 'POST',
        url: `${ADMIN}/products`,
        token: op.token,
        payload: {
          department_id: departmentId,
          name: 'بطاقة للمخزون القليل',
          price: '1.00',
          type: 'code',
          delivery: 'stock',
          low_stock_threshold: 1,
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      const stocked = made.json().data.product.id;
      const codes = { codes: ['LOW-1', 'LOW-2'] };
      const added = await t.request({
        method: 'POST',
        url: `${ADMIN}/products/${stocked}/codes`,
        token: op.token,
        payload: codes,
      });
      expect(added.statusCode, added.body).toBe(200);
      const url = `${PUBLIC}/orders-create-code`;
      const from = lines.length;
      // One code left: at the threshold, so the operators are warned after the sale.
      // A buyer without webhooks: the next tests count the webhook jobs of their own orders.
      const buyer = await t.createUser({ balance: 10_000_000 });
      const sold = await t.request({ method: 'POST', url, token: buyer.token, payload: { product_id: stocked } });
      expect(sold.statusCode, sold.body).toBe(201);
      const reqId = requestIdOf('POST', url, from);
      await t.app.pushWorker.runDue();
      await expect
        .poll(() =>
          lines
            .slice(from)
            .filter((l) => l.msg === 'push subscription expired: deleted')
            .map((l) => l.reqId),
        )
        .toEqual([reqId]);
    } finally {
      await pushService.close();
    }
  });
});

describe('request ids when orders share one commit', () => {
  it('each order placed at the same moment logs, through its webhook job, its own request id', async () => {
    const resellers: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await t.createUser({ balance: 100_000_000 });
      await t.request({
        method: 'PATCH',
        url: `${ADMIN}/users/${r.id}`,
        token: op.token,
        payload: { api_access: true },
      });
      await t.request({
        method: 'POST',
        url: `${PUBLIC}/user/confirm-password`,
        token: r.token,
        payload: { password: r.password },
      });
      const url = `http://127.0.0.1:${await freeLoopbackPort()}/hook`;
      await t.request({ method: 'POST', url: `${PUBLIC}/webhooks`, token: r.token, payload: { url } });
      resellers.push(r);
    }
    const before = lines.length;
    // At once: on SQLite they share one commit, each order's writes run inside the first one's batch.
    const placed = await Promise.all(
      resellers.map((r, i) =>
        t.request({
          method: 'POST',
          url: `${PUBLIC}/orders-create-fixed`,
          token: r.token,
          payload: { playerId: `51234500${i}`, productId },
        }),
      ),
    );
    for (const res of placed) expect(res.statusCode, res.body).toBe(201);
    const requestIds = lines
      .slice(before)
      .filter((l) => l.msg === 'incoming request' && l.req?.url === `${PUBLIC}/orders-create-fixed`)
      .map((l) => l.reqId);
    expect(new Set(requestIds).size).toBe(6);
    const jobsFrom = lines.length;
    await t.app.webhooks.runDue();
    const jobIds = lines
      .slice(jobsFrom)
      .filter((l) => l.msg === 'webhook not delivered')
      .map((l) => l.reqId);
    expect(jobIds.sort()).toEqual([...requestIds].sort());
  });
});

describe('money decisions', () => {
  const decisions = () => lines.filter((l) => l.msg === 'money decision');

  it('accepting an order: one line with operator, customer, amount and order, never the code', async () => {
    const placed = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-fixed`,
      token: customer.token,
      payload: { playerId: '5123456780', productId },
    });
    const orderId = placed.json().data.order.id as number;
    const before = decisions().length;
    const code = 'GIFT-CODE-7Q2X-99ZZ';
    const url = `${ADMIN}/orders/${orderId}/accept`;
    const res = await t.request({ method: 'POST', url, token: op.token, payload: { message: code } });
    expect(res.statusCode, res.body).toBe(200);
    const made = decisions().slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.money).toEqual({
      decision: 'order.accept',
      operatorId: op.id,
      userId: customer.id,
      orderId,
      amount: '5.00',
    });
    expect(made[0]!.reqId).toBe(requestIdOf('POST', url));
    const webhookBefore = lines.length;
    await t.app.webhooks.runDue();
    const caused = lines.slice(webhookBefore).filter((l) => l.msg === 'webhook not delivered');
    expect(caused.map((l) => l.reqId)).toContain(made[0]!.reqId);
    expect(JSON.stringify(lines)).not.toContain(code);
    expect(JSON.stringify(lines)).not.toContain(op.token);
  });

  it('approving a top-up and correcting a balance: one line each', async () => {
    const topup = await uploadCharge(t, customer.token, {
      amount: '25',
      bank_id: await firstBankId(t),
      file: pngReceipt(),
    });
    const topupId = topup.json().data.charge.id as number;
    const before = decisions().length;
    const approved = await t.request({
      method: 'POST',
      url: `${ADMIN}/charges/${topupId}/approve`,
      token: op.token,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const adjusted = await t.request({
      method: 'POST',
      url: `${ADMIN}/users/${customer.id}/adjust`,
      token: op.token,
      payload: { amount: '-1.50', reason: 'تصحيح' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    expect(
      decisions()
        .slice(before)
        .map((l) => l.money),
    ).toEqual([
      { decision: 'topup.approve', operatorId: op.id, userId: customer.id, topupId, amount: '25.00' },
      { decision: 'balance.adjust', operatorId: op.id, userId: customer.id, amount: '-1.50' },
    ]);
  });
});
