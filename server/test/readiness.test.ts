import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, testEngine } from './helper';

describe('/healthz and /readyz', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('live, and ready with the database, every migration and the workers this instance runs', async () => {
    const live = await t.request({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ live: true });
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({
      ready: true,
      failed: [],
      database: 'ok',
      pendingMigrations: [],
      // The test helper turns the workers off (it runs them by hand) but the push sender.
      workers: { forwarder: 'off', numbers: 'off', push: 'running', webhooks: 'off' },
    });
  });

  it('not ready while a migration is missing from the database, naming it', async () => {
    const name = '2026-11-26-14-webhooks';
    const row = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration
      where name = ${name}`.execute(t.db);
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    try {
      const res = await t.request({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ready: false, failed: ['migrations'], pendingMigrations: [name] });
    } finally {
      const { timestamp } = row.rows[0]!;
      await sql`insert into kysely_migration (name, timestamp) values (${name}, ${timestamp})`.execute(t.db);
    }
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('not ready once a worker it runs has stopped', async () => {
    await t.app.pushWorker.stop();
    const res = await t.request({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ failed: ['workers'], workers: { push: 'stopped' } });
  });
});

/**
 * A TCP proxy on loopback in front of the shared PostgreSQL: cutting it (closing the listener and
 * every connection through it) is PostgreSQL becoming unreachable for the store, without touching
 * the server other tests share.
 */
function pgProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = tcpConnect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
    /** Every connection through it ends (a failover, a network blip) while new ones still get through. */
    drop: () => {
      for (const s of sockets) s.destroy();
    },
  };
}

describe.skipIf(testEngine !== 'postgres')('/readyz on PostgreSQL behind a loopback proxy', () => {
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
  const proxy = pgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  let t: TestApp;
  beforeAll(async () => {
    await proxy.listen();
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    t = await setupApp({ env: { DATABASE_URL: url.toString() } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 naming the database while PostgreSQL is unreachable, and 200 again once it is back', async () => {
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await proxy.cut();
    const down = await t.request({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ ready: false, failed: ['database'], database: 'unreachable' });
    // The process lives on: a supervisor must not restart it for a database outage.
    expect((await t.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await proxy.listen();
    const up = await t.request({ method: 'GET', url: '/readyz' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ ready: true, database: 'ok' });
  });

  it('stays ready when the pooled connections died but PostgreSQL answers new ones', async () => {
    // Warm the pool: several connections sit idle, each about to find its socket closed.
    await Promise.all([1, 2, 3].map(() => t.request({ method: 'GET', url: '/readyz' })));
    proxy.drop();
    const res = await t.request({ method: 'GET', url: '/readyz' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ready: true, database: 'ok' });
  });
});
