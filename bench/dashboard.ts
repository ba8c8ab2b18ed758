import { type Figures, load } from './lib/load';
import { fmt, type Row } from './lib/report';
import { type BenchDb, startServer } from './lib/store';
import type { LargeStore } from './seed-large';
import { HISTORY, seedHistory } from './seed-history';

const ADMIN = '/admin/api/v1';

/** Budgets: the dashboard and a 30-day export must stay interactive on a 100,000-order store. */
const DASHBOARD_P50_MS = 150;
const DASHBOARD_P99_MS = 500;
const EXPORT_MS = 10_000;

/**
 * The operator's dashboard for 7 and 30 days on a store with 100,000 orders, and a CSV export
 * of the 90 days (every order) timed end to end, on the given engine.
 */
export async function dashboardBench(
  bdb: BenchDb,
  store: LargeStore,
  seconds: number,
  rows: Row[],
  log: (s: string) => void,
): Promise<void> {
  const h = await bdb.open();
  try {
    log(
      `history on ${bdb.engine}: ${HISTORY.orders.toLocaleString('en-US')} orders, ` +
        `${HISTORY.charges.toLocaleString('en-US')} top-ups over ${HISTORY.days} days`,
    );
    await seedHistory(h.db, bdb.engine, store);
  } finally {
    await h.close();
  }
  const server = await startServer(bdb);
  const headers = { authorization: `Bearer ${store.operator.token}` };
  const fig = (f: Figures) =>
    `${fmt.rps(f.rps)}, p50 ${fmt.ms(f.p50)}, p99 ${fmt.ms(f.p99)}${f.failed ? `, ${f.failed} failed` : ''}`;
  try {
    for (const days of [7, 30]) {
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      const url = `${server.baseUrl}${ADMIN}/dashboard?from=${from}&to=${to}&tz=180`;
      const first = await fetch(url, { headers });
      if (!first.ok) throw new Error(`dashboard: ${first.status} ${await first.text()}`);
      log(`dashboard ${days} days on ${bdb.engine}`);
      // One operator reads it at a time; several at once on SQLite would only measure queueing.
      const f = await load({ url, connections: 1, seconds, headers });
      rows.push({
        name:
          `GET /admin/api/v1/dashboard, ${days} days, ${bdb.engine} ` +
          `(${HISTORY.orders.toLocaleString('en-US')} orders, 1 conn)`,
        value: fig(f),
        reference: '-',
        ratio: '-',
        budget: `p50 ≤ ${DASHBOARD_P50_MS} ms, p99 ≤ ${DASHBOARD_P99_MS} ms`,
        met: f.p50 <= DASHBOARD_P50_MS && f.p99 <= DASHBOARD_P99_MS && f.failed === 0,
      });
    }
    // The order benchmarks ran on this database before: the export must carry their orders too.
    const db = await bdb.open();
    const everyOrder = await db.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .finally(() => db.close());
    await exportOnce(server.baseUrl, headers, bdb.engine, Number(everyOrder.n), rows, log);
  } finally {
    await server.stop();
  }
}

async function exportOnce(
  baseUrl: string,
  headers: Record<string, string>,
  engine: string,
  expected: number,
  rows: Row[],
  log: (s: string) => void,
) {
  log(`orders export on ${engine}`);
  const from = new Date(Date.now() - (HISTORY.days + 1) * 86_400_000).toISOString().slice(0, 10);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}${ADMIN}/exports/orders.csv?from=${from}`, { headers });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  let firstByte = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const ms = performance.now() - t0;
  rows.push({
    name: `GET /admin/api/v1/exports/orders.csv, ${HISTORY.days} days, ${engine}`,
    value:
      `${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 2 ** 20).toFixed(1)} ` +
      `MiB in ${fmt.ms(ms)} (first byte ${fmt.ms(firstByte)})`,
    reference: '-',
    ratio: '-',
    budget: `≤ ${EXPORT_MS / 1000} s, every order (${expected.toLocaleString('en-US')})`,
    met: ms <= EXPORT_MS && lines - 1 === expected,
  });
}
