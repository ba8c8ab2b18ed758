import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { DB } from './db/database';
import type { PoolStats } from './db/connect';
import type { AppCaches } from './app-caches';
import type { CountOutcome, DeliveryOutcome } from './kernel/delivery-outcome';
import { errorBody } from './kernel/error-codes';
import { msg } from './kernel/messages-ar';
import { readStoreFigures } from './modules/monitoring';
import type { WorkerName } from './kernel/effects';

type PromClient = typeof import('prom-client');

/** Seconds, from a request served from cache (ms) to a slow statement PDF. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ORDER_STATUSES = ['pending', 'wait', 'request_cancel', 'success', 'cancel'];
const TOPUP_STATUSES = ['pending', 'success', 'cancel'];

/** What the app needs from the metrics; undefined when they are not served (no prom-client loaded). */
export type AppMetrics = {
  countWebhook: CountOutcome;
  countPush: CountOutcome;
  /** The Prometheus text of every series, store figures read now. */
  render(): Promise<{ contentType: string; body: string }>;
  /** Starts timing requests (one histogram observation each, in onResponse). */
  timeRequests(app: FastifyInstance): void;
};

type Sources = {
  db: DB;
  pool: PoolStats | undefined;
  caches: AppCaches;
  workers: () => Record<WorkerName, { state(): 'running' | 'off' | 'stopped' }>;
  log: FastifyInstance['log'];
};

/** Metrics are served on METRICS_PORT or with METRICS_TOKEN; with neither, prom-client is never loaded. */
export function metricsWanted(config: Config): boolean {
  return config.metrics.port !== undefined || config.metrics.token !== undefined;
}

/**
 * One registry per app (two apps in one process never share a series). prom-client's default
 * metrics give process memory, CPU, GC and event-loop delay (nodejs_eventloop_lag_*,
 * from perf_hooks' histogram); the store's own series are below.
 */
export async function createAppMetrics(sources: Sources): Promise<AppMetrics> {
  const prom: PromClient = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const requests = new prom.Histogram({
    name: 'raseed_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class; _count is the request count.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const outcomes = (name: string, help: string) =>
    new prom.Counter({ name, help, labelNames: ['outcome'] as const, registers });
  const webhookAttempts = outcomes(
    'raseed_webhook_attempts_total',
    'Webhook delivery attempts by outcome (delivered, failed, gone = the receiver answered 410).',
  );
  const pushAttempts = outcomes(
    'raseed_push_attempts_total',
    'Web push attempts by outcome (delivered, failed, gone = the subscription expired).',
  );
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new prom.Gauge({ name, help, labelNames, registers });
  const databaseUp = gauge(
    'raseed_database_up',
    '1 when the last scrape read the store figures, 0 when the database failed.',
  );
  const orders = gauge('raseed_orders', 'Orders by status.', ['status']);
  const topups = gauge('raseed_topups', 'Top-up requests by status.', ['status']);
  const oldestOrder = gauge(
    'raseed_oldest_pending_order_age_seconds',
    'How long the oldest pending order has waited (0: none pending).',
  );
  const oldestTopup = gauge(
    'raseed_oldest_pending_topup_age_seconds',
    'How long the oldest pending top-up request has waited (0: none pending).',
  );
  const outboxDepth = gauge('raseed_outbox_depth', 'Jobs a background worker still owes, by worker.', ['worker']);
  const outboxLate = gauge(
    'raseed_outbox_oldest_due_age_seconds',
    'How long past its due time the most overdue job has waited, by worker (0: nothing overdue).',
    ['worker'],
  );
  const workerRunning = gauge(
    'raseed_worker_running',
    '1 when this instance runs the worker, 0 when stopped or turned off here.',
    ['worker'],
  );
  new prom.Counter({
    name: 'raseed_cache_lookups_total',
    help: 'In-memory cache lookups by cache and result (hit, miss); the hit rate is hit / (hit + miss).',
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const [cache, entry] of Object.entries(sources.caches)) {
        if (typeof entry !== 'object' || !('lookups' in entry)) continue;
        const { hits, misses } = entry.lookups as { hits: number; misses: number };
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  const pool = sources.pool;
  if (pool) {
    new prom.Gauge({
      name: 'raseed_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  async function readFigures(): Promise<void> {
    const t = Date.now();
    const ageOf = (at: string | null) => (at ? Math.max(0, (t - Date.parse(at)) / 1000) : 0);
    for (const [worker, w] of Object.entries(sources.workers()))
      workerRunning.set({ worker }, w.state() === 'running' ? 1 : 0);
    try {
      const f = await readStoreFigures(sources.db, new Date(t).toISOString());
      orders.reset();
      topups.reset();
      for (const status of ORDER_STATUSES) orders.set({ status }, 0);
      for (const status of TOPUP_STATUSES) topups.set({ status }, 0);
      for (const r of f.orders) orders.set({ status: r.status }, r.count);
      for (const r of f.topups) topups.set({ status: r.status }, r.count);
      oldestOrder.set(ageOf(f.oldestPendingOrderAt));
      oldestTopup.set(ageOf(f.oldestPendingTopupAt));
      for (const [worker, o] of Object.entries(f.outboxes)) {
        outboxDepth.set({ worker }, o.depth);
        outboxLate.set({ worker }, ageOf(o.oldestDueAt));
      }
      databaseUp.set(1);
    } catch (err) {
      // The scrape still answers (memory, event loop, requests): an alert on raseed_database_up fires.
      sources.log.warn({ err }, 'metrics: store figures not read');
      databaseUp.set(0);
    }
  }

  // One labelled child per (method, route, status): a request costs a map lookup and an observe.
  const children = new Map<string, ReturnType<typeof requests.labels>>();
  const count = (counter: typeof webhookAttempts) => (outcome: DeliveryOutcome) => counter.inc({ outcome });
  return {
    countWebhook: count(webhookAttempts),
    countPush: count(pushAttempts),
    async render() {
      await readFigures();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    timeRequests(app) {
      app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
        // The route pattern (`/orders/:id`), never the raw URL: one series per route, whatever ids come.
        const route = request.routeOptions.url ?? 'unmatched';
        const status = `${Math.floor(reply.statusCode / 100)}xx`;
        const key = `${request.method} ${route} ${status}`;
        let child = children.get(key);
        if (!child) {
          child = requests.labels(request.method, route, status);
          children.set(key, child);
        }
        child.observe(reply.elapsedTime / 1000);
        done();
      });
    },
  };
}

/** SHA-256 both sides first: timingSafeEqual needs equal lengths, and the token's length stays unknown. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics on the main port: only without METRICS_PORT and with METRICS_TOKEN, for a caller
 * bearing the token (401 otherwise); a 404 like any unknown path when the metrics are not
 * served here, so the web app's fallback never answers it with a page.
 */
export function metricsRoute(app: FastifyInstance, config: Config, metrics: AppMetrics | undefined): void {
  const token = config.metrics.port === undefined ? config.metrics.token : undefined;
  // Not part of either API document: an operator's scraper calls it, not a client.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token) return reply.code(404).send(errorBody('not_found', msg.routeNotFound));
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send(errorBody('unauthorized'));
    }
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * METRICS_PORT: /metrics on a listener of its own (METRICS_HOST, loopback by default), without a
 * token: whoever reaches that address is trusted, as a Prometheus on the same host or network is.
 */
export function metricsListener(metrics: AppMetrics, log: FastifyInstance['log']): Server {
  return createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics: scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
}
