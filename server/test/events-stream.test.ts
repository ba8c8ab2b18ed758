import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await reachable(redisUrl);

let t: TestApp;
let customer: TestUser;
let other: TestUser;
let operator: TestUser;
let productId: number;
let base: string;

beforeAll(async () => {
  t = await setupApp({ env: { PUSH_WORKER: '0' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  customer = await t.createUser({ balance: 50_000_000 });
  other = await t.createUser({ balance: 50_000_000 });
  operator = await t.createUser({ role: 'operator' });
  productId = await makeProduct(t.db);
});
afterAll(async () => {
  // fetch (undici) keeps idle keep-alive sockets of aborted streams' pool; they are not the server's to wait for.
  t.app.server.closeAllConnections();
  await t.close();
});

/** Reads a text/event-stream with fetch, as the web app does; collects event names. */
async function openStream(origin: string, token: string) {
  const ctrl = new AbortController();
  const res = await fetch(`${origin}/public/api/v1/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: ctrl.signal,
  });
  const events: { name: string; at: number }[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let i = buf.indexOf('\n\n');
        while (i >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push({ name, at: Date.now() });
          i = buf.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  const waitFor = async (name: string, n: number, ms = 3000) => {
    const until = Date.now() + ms;
    while (events.filter((e) => e.name === name).length < n) {
      if (Date.now() > until) throw new Error(`no ${n}× ${name} within ${ms} ms: ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await waitFor('ready', 1);
  return {
    res,
    events,
    waitFor,
    close: () => {
      ctrl.abort();
      return pump;
    },
  };
}

describe('the customer event stream', () => {
  it('needs a signed-in user, and a client that asks for an event stream', async () => {
    const res = await fetch(`${base}/public/api/v1/events`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/[\u0600-\u06FF]/);
    const plain = await t.request({ method: 'GET', url: '/public/api/v1/events', token: customer.token });
    expect(plain.statusCode).toBe(406);
    expect(plain.json().msg).toMatch(/[\u0600-\u06FF]/);
  });

  it('tells the customer at once, and only them, when the operator decides their order', async () => {
    const mine = await openStream(base, customer.token);
    const theirs = await openStream(base, other.token);
    expect(mine.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    const started = Date.now();
    const res = await t.request({
      method: 'POST',
      url: `/admin/api/v1/orders/${order.id}/accept`,
      token: operator.token,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await mine.waitFor('change', 1);
    expect(mine.events.find((e) => e.name === 'change')!.at - started).toBeLessThan(2000);
    // A refused action (already decided) changed nothing: no event.
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/admin/api/v1/orders/${order.id}/accept`,
          token: operator.token,
          payload: {},
        })
      ).statusCode,
    ).toBe(422);
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.events.filter((e) => e.name === 'change')).toHaveLength(1);
    expect(theirs.events.filter((e) => e.name === 'change')).toHaveLength(0);
    // A store-wide notice reaches every stream.
    await t.request({
      method: 'POST',
      url: '/admin/api/v1/notifications',
      token: operator.token,
      payload: { title: 'للجميع', msg: 'إعلان' },
    });
    await theirs.waitFor('change', 1);
    await mine.close();
    await theirs.close();
  });

  it.runIf(testEngine === 'postgres')('crosses instances through PostgreSQL LISTEN/NOTIFY', async () => {
    const second = await buildApp({ config: t.config, db: t.db, engine: t.engine, storage: t.storage, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const otherBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      const stream = await openStream(otherBase, customer.token);
      const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
      const started = Date.now();
      expect(
        (
          await t.request({
            method: 'POST',
            url: `/admin/api/v1/orders/${order.id}/reject`,
            token: operator.token,
            payload: { cancel_msg: 'نفدت الكمية' },
          })
        ).statusCode,
      ).toBe(200);
      await stream.waitFor('change', 1);
      expect(stream.events.find((e) => e.name === 'change')!.at - started).toBeLessThan(2000);
      await stream.close();
    } finally {
      await second.close();
    }
  });

  it.runIf(testEngine === 'postgres')(
    'sends the users changed in one turn to the other instances together: one NOTIFY per 200 of them',
    async () => {
      const { default: pg } = await import('pg');
      const listener = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      const messages: number[][] = [];
      listener.on('notification', (n) => {
        const m = JSON.parse(n.payload ?? '{}') as { scope?: string; users?: number[] };
        if (m.scope === t.pgSchema) messages.push(m.users ?? []);
      });
      await listener.connect();
      try {
        await listener.query('LISTEN raseed_events');
        const users = Array.from({ length: 450 }, (_, i) => 1_000_000 + i);
        // As 450 sales committing in one turn publish, each its own buyer.
        await Promise.all(users.map((u) => t.app.events.publish([u])));
        await expect.poll(() => messages.flat().length).toBe(450);
        expect(messages.map((m) => m.length)).toEqual([200, 200, 50]);
        expect(messages.flat()).toEqual(users);
      } finally {
        await listener.end();
      }
    },
  );

  it.runIf(hasRedis)('crosses instances through Redis pub/sub when REDIS_URL is set', async () => {
    const config = { ...t.config, redisUrl };
    const [a, b] = [
      await buildApp({ config, db: t.db, engine: t.engine, storage: t.storage, logger: false }),
      await buildApp({ config, db: t.db, engine: t.engine, storage: t.storage, logger: false }),
    ];
    await a!.ready();
    await b!.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await openStream(`http://127.0.0.1:${(b!.server.address() as AddressInfo).port}`, customer.token);
      const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
      const started = Date.now();
      const res = await a!.inject({
        method: 'POST',
        url: `/admin/api/v1/orders/${order.id}/accept`,
        headers: { authorization: `Bearer ${operator.token}` },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      await stream.waitFor('change', 1);
      expect(stream.events.find((e) => e.name === 'change')!.at - started).toBeLessThan(2000);
      await stream.close();
    } finally {
      await b!.close();
      await a!.close();
    }
  });
});
