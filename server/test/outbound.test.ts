import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addressAllowed, createOutbound, OutboundError, type Resolve } from '../src/kernel/outbound';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { startPushService } from './push-service-stub';

// Every URL a customer or an operator gives the store (push endpoints, suppliers, numbers
// providers) is called through one guard. Traffic here goes to loopback only: the private,
// link-local and metadata addresses are handed to the guard by a stubbed resolver and must be
// refused before any connection is tried.

/** A loopback HTTP listener that counts the connections it was offered. */
async function listener(handle: Parameters<typeof createServer>[1] = (_q, r) => r.end('hello')) {
  const server: Server = createServer(handle);
  let connections = 0;
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const resolvesTo =
  (...addresses: string[]): Resolve =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

describe('the outbound guard', () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const l of open.splice(0)) await l.close();
  });

  it('refuses http and every loopback spelling by default, before connecting', async () => {
    const l = await listener();
    open.push(l);
    const guard = createOutbound({ allowPrivate: false, resolve: resolvesTo('127.0.0.1') });
    const targets = [
      l.url,
      `https://127.0.0.1:${l.port}/`,
      `https://127.1:${l.port}/`,
      `https://2130706433:${l.port}/`,
      `https://0x7f000001:${l.port}/`,
      `https://[::1]:${l.port}/`,
      `https://[::ffff:127.0.0.1]:${l.port}/`,
      `https://0.0.0.0:${l.port}/`,
      `https://localhost:${l.port}/`,
      `https://looks-public.example:${l.port}/`,
    ];
    for (const target of targets) {
      const err = await refusal(guard.request(target, { timeoutMs: 1000 }));
      expect(err.kind, target).toBe('refused');
    }
    expect(l.connections()).toBe(0);
  });

  it('refuses names resolving to private, CGNAT, link-local or metadata addresses, or to any one of them', async () => {
    for (const address of [
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '100.64.1.1',
      '169.254.169.254',
      '100.100.100.200',
      'fd00::1',
      'fe80::1',
      'fd00:ec2::254',
      '::',
      '::ffff:10.0.0.1',
    ]) {
      const guard = createOutbound({ allowPrivate: false, resolve: resolvesTo(address) });
      const err = await refusal(guard.request('https://push.example/x', { timeoutMs: 1000 }));
      expect(err.kind, address).toBe('refused');
    }
    // A name answering a public and a private address is refused whole (rebinding).
    const mixed = createOutbound({ allowPrivate: false, resolve: resolvesTo('203.0.113.9', '10.0.0.1') });
    expect((await refusal(mixed.request('https://push.example/x', { timeoutMs: 1000 }))).kind).toBe('refused');
  });

  it('with OUTBOUND_ALLOW_PRIVATE allows http and loopback, never link-local or metadata', async () => {
    const l = await listener();
    open.push(l);
    const guard = createOutbound({ allowPrivate: true });
    const reply = await guard.request(`${l.url}/ping`, { timeoutMs: 2000 });
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toBe('hello');
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '100.100.100.200']) {
      const metadata = createOutbound({ allowPrivate: true, resolve: resolvesTo(address) });
      expect((await refusal(metadata.request('http://metadata.example/', { timeoutMs: 1000 }))).kind).toBe('refused');
      expect(addressAllowed(address, true)).toBe(false);
    }
    expect((await refusal(guard.request(`http://169.254.169.254/latest/`, { timeoutMs: 1000 }))).kind).toBe('refused');
  });

  it('connects to the address it checked, not to a second answer of the name', async () => {
    const l = await listener((req, res) => res.end(req.headers.host));
    open.push(l);
    let asked = 0;
    const guard = createOutbound({
      allowPrivate: true,
      resolve: async () => {
        asked++;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const reply = await guard.request(`http://supplier.example:${l.port}/`, { timeoutMs: 2000 });
    expect(reply.body.toString()).toBe(`supplier.example:${l.port}`);
    expect(asked).toBe(1);
  });

  it('follows no redirect, bounds the reply and the time', async () => {
    const target = await listener();
    const redirecting = await listener((_q, r) => {
      r.writeHead(302, { location: `${target.url}/inside` });
      r.end();
    });
    const huge = await listener((_q, r) => {
      r.write(Buffer.alloc(600_000));
      r.end(Buffer.alloc(600_000));
    });
    const silent = await listener(() => {});
    open.push(target, redirecting, huge, silent);
    const guard = createOutbound({ allowPrivate: true });
    const moved = await guard.request(redirecting.url, { timeoutMs: 2000 });
    expect(moved.status).toBe(302);
    expect(target.connections()).toBe(0);
    expect((await refusal(guard.request(huge.url, { timeoutMs: 2000, maxBytes: 1 << 20 }))).kind).toBe('too-large');
    const started = Date.now();
    expect((await refusal(guard.request(silent.url, { timeoutMs: 300 }))).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('the guard in the store', () => {
  let t: TestApp;
  let op: TestUser;
  let customer: TestUser;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let upstream: Awaited<ReturnType<typeof listener>>;

  beforeAll(async () => {
    pushService = await startPushService();
    upstream = await listener((_q, r) => r.end('{"status":"success","data":{"balance":"5.00"}}'));
    t = await setupApp({
      env: {
        PUSH_WORKER: '0',
        OUTBOUND_ALLOW_PRIVATE: '0',
        PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com,*.notify.windows.com',
      },
      // Every name resolves to loopback here, as a hostile DNS answer would.
      config: { outbound: createOutbound({ allowPrivate: false, resolve: resolvesTo('127.0.0.1') }) },
    });
    op = await t.createUser({ role: 'operator' });
    customer = await t.createUser({ balance: 10_000_000 });
    const confirmed = await t.request({
      method: 'POST',
      url: '/public/api/v1/user/confirm-password',
      token: customer.token,
      payload: { password: customer.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
    await upstream.close();
  });

  const subscribe = (endpoint: string) =>
    t.request({
      method: 'POST',
      url: '/public/api/v1/push-subscription',
      token: customer.token,
      payload: { endpoint, keys: pushService.subscribe().json.keys },
    });

  it('accepts push endpoints only on the push services, over https', async () => {
    for (const endpoint of [
      `${pushService.origin}/push/1`,
      'https://127.0.0.1/push',
      'https://127.1/push',
      'https://2130706433/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await t.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
    expect((await subscribe('https://wns2-by3p.notify.windows.com/w/?token=x')).statusCode).toBe(200);
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(200);
  });

  it('drops a subscription whose push service resolves inside the network, without connecting', async () => {
    await t.db.deleteFrom('push_subscriptions').execute();
    expect((await subscribe('https://fcm.googleapis.com/fcm/send/rebound')).statusCode).toBe(200);
    const notice = await t.request({
      method: 'POST',
      url: `${ADMIN}/notifications`,
      token: op.token,
      payload: { user_id: customer.id, title: 'تنبيه', msg: 'رسالة' },
    });
    expect(notice.statusCode, notice.body).toBeLessThan(300);
    expect(await t.db.selectFrom('push_outbox').selectAll().execute()).toHaveLength(1);
    await t.app.pushWorker.runDue();
    expect(await t.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
    expect(await t.db.selectFrom('push_outbox').selectAll().execute()).toHaveLength(0);
    expect(pushService.received).toHaveLength(0);
  });

  it("refuses a supplier's address inside the network, and the operator reads why", async () => {
    for (const base_url of [upstream.url, `https://127.0.0.1:${upstream.port}`, 'https://supplier.example']) {
      const created = await t.request({
        method: 'POST',
        url: `${ADMIN}/suppliers`,
        token: op.token,
        payload: { name: 'مورد داخلي', kind: 'raseed', base_url, token: 'tok' },
      });
      // The save tries the connection first: refused at the guard, the reason is the operator's to read.
      expect(created.statusCode, created.body).toBe(422);
      expect(created.json().errors.base_url[0]).toContain('عنوان المورد غير مسموح');
    }
    expect(await t.db.selectFrom('suppliers').select('id').where('name', '=', 'مورد داخلي').execute()).toEqual([]);
    expect(upstream.connections()).toBe(0);
  });

  it("refuses a numbers provider's address inside the network, and the operator reads why", async () => {
    const saved = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/numbers/provider`,
      token: op.token,
      payload: { name: 'مزود داخلي', base_url: upstream.url, api_key: 'k' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const balance = await t.request({ method: 'GET', url: `${ADMIN}/numbers/provider/balance`, token: op.token });
    expect(balance.statusCode).toBeGreaterThanOrEqual(500);
    expect(balance.json().msg).toContain('عنوان مزود الأرقام غير مسموح');
    expect(upstream.connections()).toBe(0);
  });
});
