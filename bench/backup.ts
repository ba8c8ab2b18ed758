import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backupCli } from '../scripts/lib/build.mjs';
import { type Figures, load, loadAfterWarmup } from './lib/load';
import { fmt, type Row } from './lib/report';
import { type BenchDb, startServer } from './lib/store';
import type { LargeStore } from './seed-large';

const API = '/public/api/v1';

function backupOnce(bdb: BenchDb, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [backupCli, '--to', to], {
      env: { ...process.env, DATA_DIR: bdb.dataDir, DATABASE_URL: bdb.databaseUrl, INIT_CWD: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`backup failed (${code}): ${err}`))));
  });
}

/**
 * Each slice opens its 200 connections anew; the store accepts one per event-loop turn, so the
 * first answers wait for the others to be taken (issue of its own: first answers, measured in
 * the orders part). Measuring after a second on the same connections keeps that wait out of the
 * orders' p99, as the order placement figures do.
 */
const WARM_UP_SECONDS = 1;

type Alternate = (
  mine: (s: number) => Promise<Figures>,
  ref: (s: number) => Promise<Figures>,
) => Promise<{ mine: Figures; ref: Figures }>;

/**
 * 200 customers order while `npm run backup` runs again and again beside the store (its own
 * process, as an operator or BACKUP_EVERY runs it), in slices that alternate with slices of the
 * same orders without a backup, so bursts of other work on the shared cores land on both. The
 * budget is the orders' own: p99 within `p99BudgetMs`.
 */
export async function ordersDuringBackups(
  bdb: BenchDb,
  store: LargeStore,
  o: { customers: number; p99BudgetMs: number; alternate: Alternate },
  rows: Row[],
  log: (s: string) => void,
): Promise<void> {
  const server = await startServer(bdb, { TRUST_PROXY: '1' });
  const dir = mkdtempSync(path.join(tmpdir(), 'raseed-bench-backups-'));
  // Customers the other order runs did not use: their per-minute order limits are untouched.
  const buyers = store.customers.slice(o.customers * 20, o.customers * 30);
  let turn = 0;
  const customer = () => {
    const i = turn++ % buyers.length;
    return { authorization: `Bearer ${buyers[i]!.token}`, 'x-forwarded-for': `10.40.${i >> 8}.${i & 255}` };
  };
  const took: number[] = [];
  try {
    log(`orders during backups on ${bdb.engine}`);
    const request = {
      url: `${server.baseUrl}${API}/orders-create-fixed`,
      method: 'POST' as const,
      body: JSON.stringify({ productId: store.productIds[6], playerId: '123456789' }),
      connections: o.customers,
      perRequest: customer,
    };
    await load({ ...request, seconds: 1 });
    const duringBackups = async (seconds: number) => {
      let stop = false;
      const backups = (async () => {
        while (!stop) {
          const to = path.join(dir, `b${took.length}`);
          const t0 = performance.now();
          await backupOnce(bdb, to);
          took.push(performance.now() - t0);
          rmSync(to, { recursive: true, force: true });
        }
      })();
      const placed = await loadAfterWarmup({ ...request, seconds }, WARM_UP_SECONDS);
      stop = true;
      await backups;
      return placed;
    };
    const { mine, ref } = await o.alternate(duringBackups, (seconds) =>
      loadAfterWarmup({ ...request, seconds }, WARM_UP_SECONDS),
    );
    const mean = took.reduce((s, t) => s + t, 0) / Math.max(1, took.length);
    const figures = (f: Figures) =>
      `${fmt.rps(f.rps)}, p50 ${fmt.ms(f.p50)}, p99 ${fmt.ms(f.p99)}${f.failed ? `, ${f.failed} failed` : ''}`;
    rows.push({
      name: `POST /orders-create-fixed on ${bdb.engine} during backups (${took.length} taken, ${fmt.ms(mean)} each)`,
      value: figures(mine),
      reference: `no backup ${figures(ref)}`,
      ratio: fmt.pct(mine.rps / ref.rps),
      budget: `p99 ≤ ${o.p99BudgetMs} ms`,
      met: took.length > 0 && mine.p99 <= o.p99BudgetMs && mine.failed === 0,
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
