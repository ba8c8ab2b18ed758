import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { makeCatalog, PUBLIC } from './operator-fixtures';
import { parsePrometheusText, type Scrape } from './prometheus-text';
import { firstBankId, pngReceipt, uploadCharge } from './topup-fixtures';
import { type Receiver, startReceiver } from './webhook-receiver';

// /metrics as Prometheus reads it: the text parsed by a Prometheus text-format parser, every
// named series present, with the values a few orders, a top-up and a failed webhook leave.

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
let op: TestUser;
let receiver: Receiver;

beforeAll(async () => {
  t = await setupApp({ seed: true, env: { METRICS_TOKEN: TOKEN, WEBHOOK_BACKOFF_MS: '60000' } });
  op = await t.createUser({ role: 'operator' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const scrape = (authorization?: string) =>
  t.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of the sample named `name` whose labels include `labels`; throws when there is none. */
function value(m: Scrape, name: string, labels: Record<string, string> = {}): number {
  const sample = m.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (!sample) throw new Error(`${name}${JSON.stringify(labels)} missing from /metrics`);
  return sample.value;
}

describe('GET /metrics on the main port with METRICS_TOKEN', () => {
  it('answers 401 without the token or with a wrong one, and never the web app', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(auth);
      expect(res.statusCode, auth).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('raseed_');
    }
  });

  it('serves every named series, with plausible values after a few orders, a top-up and a failed webhook', async () => {
    const { product } = await makeCatalog(t, op);
    const customer = await t.createUser({ balance: 100_000_000 });
    // A reseller's endpoint that answers 500: the order's event is queued, tried once and fails.
    await t.request({
      method: 'PATCH',
      url: `/admin/api/v1/users/${customer.id}`,
      token: op.token,
      payload: { api_access: true },
    });
    await t.request({
      method: 'POST',
      url: `${PUBLIC}/user/confirm-password`,
      token: customer.token,
      payload: { password: customer.password },
    });
    const hook = await t.request({
      method: 'POST',
      url: `${PUBLIC}/webhooks`,
      token: customer.token,
      payload: { url: receiver.url('/hook') },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: 'POST',
        url: `${PUBLIC}/orders-create-fixed`,
        token: customer.token,
        payload: { playerId: `51234567${i}`, productId: product.id },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const topup = await uploadCharge(t, customer.token, {
      amount: '25',
      bank_id: await firstBankId(t),
      file: pngReceipt(),
    });
    expect(topup.statusCode, topup.body).toBe(200);
    receiver.answers.push(500);
    await t.app.webhooks.runDue();
    await t.request({ method: 'GET', url: `${PUBLIC}/setting` });
    await t.request({ method: 'GET', url: `${PUBLIC}/setting` });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const m = parsePrometheusText(res.body);

    // Requests: the route pattern, never the raw URL; _count is the request rate's source.
    expect(m.types.get('raseed_http_request_duration_seconds')).toBe('histogram');
    const placed = { method: 'POST', route: '/public/api/v1/orders-create-fixed', status: '2xx' };
    expect(value(m, 'raseed_http_request_duration_seconds_count', placed)).toBe(3);
    expect(value(m, 'raseed_http_request_duration_seconds_bucket', { ...placed, le: '+Inf' })).toBe(3);
    expect(value(m, 'raseed_http_request_duration_seconds_sum', placed)).toBeGreaterThan(0);
    expect(value(m, 'raseed_http_request_duration_seconds_sum', placed)).toBeLessThan(30);
    expect(res.body).not.toContain('51234567');

    expect(value(m, 'raseed_orders', { status: 'pending' })).toBe(3);
    expect(value(m, 'raseed_orders', { status: 'success' })).toBe(0);
    expect(value(m, 'raseed_topups', { status: 'pending' })).toBe(1);
    for (const name of ['raseed_oldest_pending_order_age_seconds', 'raseed_oldest_pending_topup_age_seconds']) {
      expect(value(m, name)).toBeGreaterThanOrEqual(0);
      expect(value(m, name)).toBeLessThan(120);
    }
    // Three order events sent: the first answered 500 and waits a minute for its retry, two delivered.
    expect(value(m, 'raseed_outbox_depth', { worker: 'webhooks' })).toBe(1);
    expect(value(m, 'raseed_webhook_attempts_total', { outcome: 'failed' })).toBe(1);
    expect(value(m, 'raseed_webhook_attempts_total', { outcome: 'delivered' })).toBe(2);
    for (const worker of ['forwarder', 'numbers', 'push', 'webhooks']) {
      expect(value(m, 'raseed_outbox_depth', { worker })).toBeGreaterThanOrEqual(0);
      expect(value(m, 'raseed_outbox_oldest_due_age_seconds', { worker })).toBeLessThan(120);
      // The test turns off every worker but the push sender (helper.ts) and runs them by hand.
      expect(value(m, 'raseed_worker_running', { worker })).toBe(worker === 'push' ? 1 : 0);
    }
    expect(m.types.get('raseed_push_attempts_total')).toBe('counter');
    expect(value(m, 'raseed_database_up')).toBe(1);

    // The settings reply was read twice within its cache's life: a miss, then a hit.
    expect(value(m, 'raseed_cache_lookups_total', { cache: 'settings', result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(value(m, 'raseed_cache_lookups_total', { cache: 'settings', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(value(m, 'raseed_cache_lookups_total', { cache: 'sessions', result: 'hit' })).toBeGreaterThanOrEqual(1);

    // prom-client's defaults: memory and the event loop's delay.
    expect(value(m, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(value(m, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
    expect(value(m, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (t.engine === 'postgres') {
      expect(value(m, 'raseed_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(value(m, 'raseed_db_pool_connections', { state: 'waiting' })).toBe(0);
    }
  });

  it("counts a signed-in caller's first request as one session-cache miss, the next as one hit", async () => {
    const customer = await t.createUser();
    const sessions = async () => {
      const m = parsePrometheusText((await scrape(`Bearer ${TOKEN}`)).body);
      return {
        hit: value(m, 'raseed_cache_lookups_total', { cache: 'sessions', result: 'hit' }),
        miss: value(m, 'raseed_cache_lookups_total', { cache: 'sessions', result: 'miss' }),
      };
    };
    const me = () => t.request({ method: 'GET', url: `${PUBLIC}/me`, token: customer.token });
    const before = await sessions();
    expect((await me()).statusCode).toBe(200);
    const first = await sessions();
    expect((await me()).statusCode).toBe(200);
    const second = await sessions();
    expect({ hit: first.hit - before.hit, miss: first.miss - before.miss }).toEqual({ hit: 0, miss: 1 });
    expect({ hit: second.hit - first.hit, miss: second.miss - first.miss }).toEqual({ hit: 1, miss: 0 });
  });
});

describe('where /metrics is served', () => {
  it('is a 404 on the main port when neither METRICS_PORT nor METRICS_TOKEN is set', async () => {
    const plain = await setupApp();
    try {
      const res = await plain.request({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    } finally {
      await plain.close();
    }
  });

  it('with METRICS_PORT: served there on loopback without a token, not on the main port even with one', async () => {
    const own = await setupApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    try {
      const address = own.app.metricsServer?.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      const m = parsePrometheusText(await res.text());
      expect(value(m, 'raseed_database_up')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
      const main = await own.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(main.statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});
