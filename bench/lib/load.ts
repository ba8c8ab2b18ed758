import { request } from 'node:http';
import autocannon from 'autocannon';

export type Figures = { rps: number; p50: number; p99: number; ok: number; failed: number };

type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** Headers of each connection, e.g. its own customer's token. */
  perConnection?: (index: number) => Record<string, string>;
  /** Headers of each request, e.g. the next customer's token. */
  perRequest?: () => Record<string, string>;
  /** Path and headers of each request, e.g. the next customer's token and their own search. */
  nextRequest?: () => { path: string; headers: Record<string, string> };
};

/** The first answer on each new connection (connection set-up included), in ms. */
export type FirstAnswers = { p50: number; p99: number; max: number; count: number };

/** Runs autocannon; req/s counts only 2xx answers, so failures cannot inflate throughput. */
export async function load(o: LoadOptions): Promise<Figures> {
  return run(o, o.seconds);
}

/**
 * One autocannon run of warm-up + measurement on the same connections; the figures count only
 * answers that arrive after the warm-up, and never a connection's first answer. Node (libuv >=
 * 1.45, libuv#3696) accepts one new connection per event-loop turn, so under load 200 connections
 * opened at the same instant are taken over ~0.3–0.8 s, and over more than a second when each
 * turn commits a batch of orders: their first answers wait for it, and were the whole p99. A
 * store behind its proxy keeps its connections (`keepalive` in deploy/nginx.conf);
 * `firstAnswers` reports the wait apart.
 */
export async function loadAfterWarmup(
  o: LoadOptions,
  warmupSeconds: number,
): Promise<Figures & { firstAnswers: FirstAnswers }> {
  const measured: number[] = [];
  const firsts: number[] = [];
  const seen = new WeakSet<object>();
  let failed = 0;
  let from = Number.POSITIVE_INFINITY;
  await run(
    o,
    warmupSeconds + o.seconds,
    (client, status, ms) => {
      if (!seen.has(client)) {
        // Reported apart (firstAnswers): under load the last of the connections is taken more
        // than a warm-up after the first, and its first answer is the accept queue's wait.
        seen.add(client);
        firsts.push(ms);
        return;
      }
      if (performance.now() < from) return;
      if (status >= 200 && status < 300) measured.push(ms);
      else failed++;
    },
    (t0) => {
      from = t0 + warmupSeconds * 1000;
    },
  );
  measured.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  return {
    rps: measured.length / o.seconds,
    p50: percentile(measured, 50),
    p99: percentile(measured, 99),
    ok: measured.length,
    failed,
    firstAnswers: {
      p50: percentile(firsts, 50),
      p99: percentile(firsts, 99),
      max: firsts.at(-1) ?? 0,
      count: firsts.length,
    },
  };
}

async function run(
  o: LoadOptions,
  seconds: number,
  onResponse?: (client: object, status: number, ms: number) => void,
  onStart?: (t0: number) => void,
): Promise<Figures> {
  let next = 0;
  onStart?.(performance.now());
  // Without a callback autocannon answers a promise that is also its event emitter.
  const instance = autocannon({
    url: o.url,
    connections: o.connections,
    duration: seconds,
    method: o.method ?? 'GET',
    ...(o.body ? { body: o.body } : {}),
    headers: { 'content-type': 'application/json', ...o.headers },
    ...(o.perConnection
      ? {
          setupClient: (client: autocannon.Client) => {
            client.setHeaders({ 'content-type': 'application/json', ...o.headers, ...o.perConnection!(next++) });
          },
        }
      : {}),
    ...(o.perRequest
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...o.perRequest!() } }),
            },
          ],
        }
      : {}),
    ...(o.nextRequest
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const next = o.nextRequest!();
                return { ...req, path: next.path, headers: { ...req.headers, ...next.headers } };
              },
            },
          ],
        }
      : {}),
  });
  if (onResponse)
    (instance as unknown as autocannon.Instance).on(
      'response',
      (client: object, status: number, _bytes: number, ms: number) => onResponse(client, status, ms),
    );
  const result = await instance;
  const ok = result['2xx'];
  return {
    rps: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** A short warm-up, so JIT and caches are hot before the measured run. */
export async function warm(url: string, headers: Record<string, string> = {}): Promise<void> {
  await autocannon({ url, connections: 10, duration: 1, headers });
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** The next request's path and headers. */
export type Next = () => { path: string; headers: Record<string, string> };

const stepping = (next: Next) => [
  {
    setupRequest: (req: autocannon.Request) => {
      const n = next();
      return { ...req, path: n.path, headers: { ...req.headers, ...n.headers } };
    },
  },
];

/**
 * One connection asks for the page being measured, again and again, while the other connections
 * play other users at the same time (`background`): the figures are that one connection's answers,
 * as one operator or one big customer sees them in a busy store.
 */
export async function alongside(o: {
  url: string;
  connections: number;
  seconds: number;
  measured: Next;
  background: Next;
}): Promise<Figures & { backgroundRps: number }> {
  const times: number[] = [];
  let failed = 0;
  let background = 0;
  let measuredClient: object | undefined;
  const instance = autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    requests: stepping(o.background),
    setupClient: (client: autocannon.Client) => {
      if (measuredClient) return;
      measuredClient = client;
      client.setRequests(stepping(o.measured));
    },
  });
  (instance as unknown as autocannon.Instance).on(
    'response',
    (client: object, status: number, _bytes: number, ms: number) => {
      const ok = status >= 200 && status < 300;
      if (client !== measuredClient) background += ok ? 1 : 0;
      else if (ok) times.push(ms);
      else failed++;
    },
  );
  await instance;
  times.sort((a, b) => a - b);
  return {
    rps: times.length / o.seconds,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    ok: times.length,
    failed,
    backgroundRps: background / o.seconds,
  };
}

/** Slices of one measurement as one: throughput summed over them, p50/p99 the medians of theirs. */
export function combine(runs: Figures[]): Figures {
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const sum = (f: (r: Figures) => number) => runs.reduce((s, r) => s + f(r), 0);
  return {
    rps: sum((r) => r.rps) / runs.length,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    ok: sum((r) => r.ok),
    failed: sum((r) => r.failed),
  };
}

/**
 * `count` new connections opened at the same instant, each sending one request and closing (a
 * phone without keep-alive, a proxy opening connections): each one's answer time, connection
 * set-up included, as `FirstAnswers`. Failures throw: an answer that is not 2xx is not a figure.
 */
export async function newConnectionsAtOnce(o: {
  url: string;
  count: number;
  method: 'GET' | 'POST';
  body?: string;
  perRequest: () => Record<string, string>;
}): Promise<FirstAnswers> {
  const one = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const headers = { 'content-type': 'application/json', connection: 'close', ...o.perRequest() };
      const req = request(o.url, { method: o.method, agent: false, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          (res.statusCode ?? 0) < 300
            ? resolve(performance.now() - t0)
            : reject(new Error(`new connection answered ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      req.end(o.body);
    });
  const times = (await Promise.all(Array.from({ length: o.count }, one))).sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, count: times.length };
}
