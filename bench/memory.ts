import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { startStore } from '../e2e/harness/server';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import { connect } from '../server/src/db/connect';
import type { DB } from '../server/src/db/database';
import { randomToken, sha256 } from '../server/src/kernel/crypto';
import { work } from '../server/src/kernel/unit-of-work';
import { inFuture, now } from '../server/src/kernel/time';
import autocannon from 'autocannon';
import { publish, type Row } from './lib/report';

/**
 * `npm run memory -w bench`: the resident memory of one compiled store (`node server/dist/server.js`,
 * what `npm start` runs), its worker threads included (they live in the same process).
 *
 * Each run starts the store on a fresh SQLite DATA_DIR that it seeds with the demo, and reads
 * VmRSS from /proc every 250 ms: idle 10 s after its first answer (budget 130 MB) and again at
 * 30 s, once V8's memory reducer has had its turn; then 2,000 funded customers are added beside
 * the demo and 200 connections place orders for 20 s, as the order benchmark does (budget: peak
 * 250 MB). Flags: --runs=N (default 3), --seconds=N (orders, default 20), --node-options="…" (the
 * store's NODE_OPTIONS, to try V8 heap flags against the same load).
 */
const arg = (name: string) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`));
  return given?.slice(name.length + 3);
};
const RUNS = Number(arg('runs') ?? 3);
const ORDER_SECONDS = Number(arg('seconds') ?? 20);
const NODE_OPTIONS = arg('node-options') ?? '';
const IDLE_BUDGET_MB = 130;
const LOAD_BUDGET_MB = 250;
const CUSTOMERS = 2_000;
const CONNECTIONS = 200;
const API = '/public/api/v1';

const log = (s: string) => process.stderr.write(`${s}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (n: number) => `${n.toFixed(0)} MB`;
const spread = (xs: number[]) => `${mb(median(xs))} (${mb(Math.min(...xs))}–${mb(Math.max(...xs))})`;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** Reads the process's RSS every 250 ms until stopped; `now()` is the latest, `peak` the highest since `reset()`. */
function sampler(pid: number) {
  let last = rssMb(pid);
  let peak = last;
  const timer = setInterval(() => {
    last = rssMb(pid);
    peak = Math.max(peak, last);
  }, 250);
  return {
    now: () => last,
    peak: () => peak,
    reset() {
      peak = last;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Customers with a large balance (and its opening ledger line, so the ledger still verifies) and a
 * session each, written straight into the running store's SQLite file as bench/seed-large.ts does.
 */
async function fundCustomers(db: DB, count: number): Promise<string[]> {
  const t = now();
  const balance = 1_000_000 * 1_000_000;
  const tokens = Array.from({ length: count }, () => randomToken(24));
  await work(db, async (trx) => {
    for (let i = 0; i < count; i += 500) {
      const users = tokens.slice(i, i + 500).map((_, j) => ({
        email: `memory-${i + j}@bench.local`,
        name: `زبون ${i + j}`,
        phone: '+963911111111',
        img: null,
        // Nobody signs in with it: each customer comes with a session.
        password_hash: 'bench',
        role: 'customer' as const,
        balance,
        deposit: 0,
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled: 0,
        totp_last_step: 0,
        google_subject: null,
        created_at: t,
        updated_at: t,
      }));
      const ids = (await trx.insertInto('users').values(users).returning('id').execute()).map((r) => r.id);
      await trx
        .insertInto('ledger')
        .values(
          ids.map((id) => ({
            user_id: id,
            credit: balance,
            debit: 0,
            balance_after: balance,
            info: 'رصيد افتتاحي',
            ref_type: 'seed',
            ref_id: null,
            created_at: t,
          })),
        )
        .execute();
      await trx
        .insertInto('sessions')
        .values(
          ids.map((id, j) => ({
            user_id: id,
            token_hash: sha256(tokens[i + j]!),
            device_token: null,
            created_at: t,
            expires_at: inFuture(86_400_000),
            revoked_at: null,
          })),
        )
        .execute();
    }
  });
  return tokens;
}

/** A demo product ordered by player id, delivered by hand: the order benchmark's kind of order. */
async function manualProduct(db: DB): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('delivery', '=', 'manual')
    .where('type', '=', 'id')
    .where('available', '=', 1)
    .where('free', '=', 0)
    .where('player_resolver', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type Orders = { rps: number; failed: number; answers: string };

/** 200 connections placing orders for ORDER_SECONDS, each request from the next customer; the answers by status. */
async function placeOrders(url: string, productId: number, customer: () => Record<string, string>): Promise<Orders> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: ORDER_SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId, playerId: '123456789', playerName: 'bench' }),
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...customer() } }) }],
  });
  const byStatus = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => `${s.count ?? 0}× ${code}`);
  if (result.timeouts) byStatus.push(`${result.timeouts} timed out`);
  return {
    rps: result['2xx'] / ORDER_SECONDS,
    failed: result.non2xx + result.errors + result.timeouts,
    answers: byStatus.join(', '),
  };
}

type Run = { idle10: number; idle30: number; peak: number; after: number; orders: Orders };

async function run(): Promise<Run> {
  // Behind the reverse proxy each customer has an address of its own (the per-address order limit).
  const store = await startStore({ NODE_ENV: 'production', RASEED_DEMO: '1', TRUST_PROXY: '1', NODE_OPTIONS });
  const rss = sampler(store.pid);
  try {
    const up = performance.now();
    await sleep(10_000);
    const idle10 = rss.now();
    await sleep(30_000 - (performance.now() - up));
    const idle30 = rss.now();
    log(`  idle: ${mb(idle10)} at 10 s, ${mb(idle30)} at 30 s`);

    const handle = await connect({ dataDir: store.dataDir });
    let tokens: string[];
    let productId: number;
    try {
      tokens = await fundCustomers(handle.db, CUSTOMERS);
      productId = await manualProduct(handle.db);
    } finally {
      await handle.close();
    }
    let turn = 0;
    const customer = () => {
      const i = turn++ % tokens.length;
      return { authorization: `Bearer ${tokens[i]}`, 'x-forwarded-for': `10.40.${i >> 8}.${i & 255}` };
    };
    rss.reset();
    const orders = await placeOrders(`${store.baseUrl}${API}/orders-create-fixed`, productId, customer);
    const peak = rss.peak();
    await sleep(5_000);
    const after = rss.now();
    log(`  orders: ${Math.round(orders.rps)}/s (${orders.answers}); peak ${mb(peak)}, 5 s later ${mb(after)}`);
    return { idle10, idle30, peak, after, orders };
  } finally {
    rss.stop();
    await store.stop();
  }
}

await ensureBuilt();
const loadAtStart = loadavg()[0]!;
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  log(`run ${i + 1} of ${RUNS}`);
  runs.push(await run());
}
const pick = (f: (r: Run) => number) => runs.map(f);
const idle = pick((r) => r.idle10);
const peak = pick((r) => r.peak);
const rows: Row[] = [
  {
    name: 'idle, 10 s after the first answer (demo seeded)',
    value: spread(idle),
    reference: `30 s: ${spread(pick((r) => r.idle30))}`,
    ratio: '-',
    budget: `≤ ${IDLE_BUDGET_MB} MB`,
    met: median(idle) <= IDLE_BUDGET_MB,
  },
  {
    name: `peak while ${CONNECTIONS} connections place orders for ${ORDER_SECONDS} s`,
    value: spread(peak),
    reference: `5 s after: ${spread(pick((r) => r.after))}`,
    ratio: '-',
    budget: `≤ ${LOAD_BUDGET_MB} MB`,
    met: median(peak) <= LOAD_BUDGET_MB && runs.every((r) => r.orders.failed === 0),
  },
];
const rps = pick((r) => r.orders.rps);
publish('results-memory.md', 'Resident memory of one compiled store', rows, [
  `Median of ${RUNS} runs (lowest–highest), each a fresh store: node server/dist/server.js on a temp SQLite ` +
    'DATA_DIR seeding the demo; VmRSS of the whole process (its worker threads included), read every 250 ms.',
  `Orders: POST ${API}/orders-create-fixed of a manual demo product, each request from the next of ` +
    `${CUSTOMERS.toLocaleString('en-US')} funded customers; ${Math.round(median(rps)).toLocaleString('en-US')}/s ` +
    `(median), ${runs.reduce((s, r) => s + r.orders.failed, 0)} failed.`,
  `Load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadavg()[0]!.toFixed(1)}, ` +
    `on ${cpus().length} cores.`,
]);
process.exit(rows.every((r) => r.met !== false) ? 0 : 1);
