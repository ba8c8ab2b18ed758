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
};

/** Runs autocannon; req/s counts only 2xx answers, so failures cannot inflate throughput. */
export async function load(o: LoadOptions): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
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
  });
  const ok = result['2xx'];
  return {
    rps: ok / o.seconds,
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
