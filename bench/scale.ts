import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { alongside, type Figures, load, type Next } from './lib/load';
import { fmt, publish, type Row } from './lib/report';
import { FULL, scaled } from './lib/scale-plan';
import { migrateToLatest } from '../server/src/db/migrate';
import { type BenchDb, createBenchDb, type EngineName, existingBenchDb, repoRoot, startServer } from './lib/store';
import { type ScaleCustomer, type ScaleStore, seedScale, signIn } from './seed-scale';

/**
 * `npm run bench -- --scale`: a store ten times bigger (200,000 customers, 1,000,000 orders,
 * 5,000,000 ledger rows; bench/lib/scale-plan.ts) on each engine, then the real compiled server
 * with 20 users at once: customer pages, operator queues and searches, the 90-day dashboard,
 * exports' first byte, and `ledger:verify` on the whole store. Runs by hand, never in CI.
 * Flags: --engines=sqlite,postgres; --seconds=N per measure (3 slices after 1 s of warm-up,
 * default 9); --size=F shrinks the store (0.01 checks the bench in a minute); --keep leaves the
 * databases in place for EXPLAIN (their location is printed; drop them yourself); --reuse=<data dir>
 * measures such a kept store again (after migrating it) instead of seeding one: the data dir printed
 * holds the SQLite store, or beside a PostgreSQL one the app key its HMACs were made with.
 */
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const engines = (arg('engines') ?? 'sqlite,postgres').split(',') as EngineName[];
const seconds = Number(arg('seconds') ?? 9);
const fraction = Number(arg('size') ?? 1);
const keep = process.argv.includes('--keep');
/** --reuse=<data dir>: measure the store an earlier --keep left instead of seeding one. */
const reuse = process.argv.includes('--reuse') ? '' : arg('reuse');
const DB_NAME = 'raseed_scale';
const size = fraction === 1 ? FULL : scaled(fraction);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = 20;
const SLICES = 3;
const EXPORT_TRIES = 5;
const BUDGET = { customer: 50, operator: 150, dashboard: 500, verifyMs: 60_000 } as const;
const API = '/public/api/v1';
const ADMIN = '/admin/api/v1';

const rows: Row[] = [];
const notes: string[] = [];
const log = (s: string) => process.stderr.write(`${s}\n`);
const n = (x: number) => x.toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => `${fmt.ms(Math.min(...xs))}–${fmt.ms(Math.max(...xs))}`;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Each request from the next customer of the list, with their own token and path. */
function rotate(customers: ScaleCustomer[], path: (c: ScaleCustomer) => string): Next {
  let i = 0;
  return () => {
    const c = customers[i++ % customers.length]!;
    return { path: path(c), headers: bearer(c.token) };
  };
}

/** What the other 19 users do meanwhile: customers drawn evenly, each on the next of their pages. */
function customersBrowsing(sample: ScaleCustomer[]): Next {
  const pages = [
    () => `${API}/orders`,
    () => `${API}/balances`,
    (c: ScaleCustomer) => `${API}/orders?search=${encodeURIComponent(c.search)}`,
  ];
  let i = 0;
  return () => {
    const c = sample[i % sample.length]!;
    const path = pages[i++ % pages.length]!(c);
    return { path, headers: bearer(c.token) };
  };
}

async function ask(baseUrl: string, name: string, next: Next): Promise<number> {
  const r = next();
  const t0 = performance.now();
  const res = await fetch(baseUrl + r.path, { headers: r.headers });
  const body = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${body}`);
  return performance.now() - t0;
}

function push(m: { name: string; budget: number }, engine: string, value: string, p99: number, failed: number) {
  rows.push({
    name: `${m.name}, ${engine}`,
    value: `${value}${failed ? `, ${failed} failed` : ''}`,
    reference: '-',
    ratio: '-',
    budget: `p99 ≤ ${m.budget} ms`,
    met: p99 <= m.budget && failed === 0,
  });
}

/**
 * A page every user asks for at once (USERS connections, each request as the next customer):
 * warm-up, then SLICES runs; p50 and p99 are the slices' medians, the spread is their p99s'.
 */
async function measureAll(baseUrl: string, engine: string, m: { name: string; next: Next; budget: number }) {
  log(`  ${m.name}`);
  await ask(baseUrl, m.name, m.next);
  const run = (s: number) => load({ url: baseUrl, connections: USERS, seconds: s, nextRequest: m.next });
  await run(1);
  const slices: Figures[] = [];
  for (let i = 0; i < SLICES; i++) slices.push(await run(seconds / SLICES));
  const p99 = median(slices.map((s) => s.p99));
  // A slice in which no answer came back (every request slower than the slice) is a failure too.
  const failed = slices.reduce((a, s) => a + s.failed + (s.ok ? 0 : 1), 0);
  const value =
    `p50 ${fmt.ms(median(slices.map((s) => s.p50)))}, p99 ${fmt.ms(p99)} (${spread(slices.map((s) => s.p99))}), ` +
    `${fmt.rps(median(slices.map((s) => s.rps)))} (${USERS} users)`;
  push(m, engine, value, p99, failed);
}

/**
 * A page one user asks for (one operator, the one big customer), again and again on one
 * connection while USERS - 1 customers browse: its p50 and p99 under that load, and its time
 * alone (median of 3, before the load).
 */
async function measureOne(
  baseUrl: string,
  engine: string,
  m: { name: string; next: Next; budget: number; background: Next },
) {
  log(`  ${m.name}`);
  await ask(baseUrl, m.name, m.next);
  const alone = median(await times3(baseUrl, m.name, m.next));
  const run = (s: number) =>
    alongside({ url: baseUrl, connections: USERS, seconds: s, measured: m.next, background: m.background });
  await run(1);
  const f = await run(seconds);
  const failed = f.failed + (f.ok ? 0 : 1);
  const value =
    `p50 ${fmt.ms(f.p50)}, p99 ${fmt.ms(f.p99)} (${f.ok} answers; ${USERS - 1} customers at ` +
    `${fmt.rps(f.backgroundRps)} meanwhile); alone ${fmt.ms(alone)}`;
  push(m, engine, value, f.ok ? f.p99 : Number.POSITIVE_INFINITY, failed);
}

async function times3(baseUrl: string, name: string, next: Next): Promise<number[]> {
  const t: number[] = [];
  for (let i = 0; i < 3; i++) t.push(await ask(baseUrl, name, next));
  return t;
}

/**
 * Time to the first byte of a CSV export, EXPORT_TRIES times one after another while customers
 * browse; the rest of the file is not read.
 */
async function firstByte(baseUrl: string, engine: string, name: string, path: string, token: string, bg: Next) {
  log(`  ${name}`);
  const busy = load({ url: baseUrl, connections: USERS - 1, seconds: 6, nextRequest: bg });
  const times: number[] = [];
  // One more first, not counted: the other measures are warmed up too.
  for (let i = -1; i < EXPORT_TRIES; i++) {
    const t0 = performance.now();
    const res = await fetch(baseUrl + path, { headers: bearer(token) });
    if (!res.ok || !res.body) throw new Error(`${name}: ${res.status}`);
    const reader = res.body.getReader();
    await reader.read();
    if (i >= 0) times.push(performance.now() - t0);
    await reader.cancel();
  }
  await busy;
  const worst = Math.max(...times);
  rows.push({
    name: `${name}, ${engine} (first byte)`,
    value: `median ${fmt.ms(median(times))}, max ${fmt.ms(worst)} of ${EXPORT_TRIES}`,
    reference: '-',
    ratio: '-',
    budget: `≤ ${BUDGET.operator} ms`,
    met: worst <= BUDGET.operator,
  });
}

async function pages(bdb: BenchDb, store: ScaleStore): Promise<void> {
  const server = await startServer(bdb);
  const url = server.baseUrl;
  const e = bdb.engine;
  const { sample, largest } = store;
  const big = `the largest account (${n(largest.orders)} orders, ${n(largest.ledgerRows)} ledger rows)`;
  const evenly = `${sample.length} customers drawn evenly`;
  const background = customersBrowsing(sample);
  const operator = bearer(store.operator.token);
  const asOperator =
    (path: string): Next =>
    () => ({ path, headers: operator });
  const q = encodeURIComponent;
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (size.days - 1) * 86_400_000).toISOString().slice(0, 10);
  try {
    const customerPages: [string, (c: ScaleCustomer) => string][] = [
      ['GET /orders', () => `${API}/orders`],
      ['GET /orders?search=', (c) => `${API}/orders?search=${q(c.search)}`],
      ['GET /balances', () => `${API}/balances`],
    ];
    for (const [name, path] of customerPages) {
      await measureAll(url, e, { name: `${name}, ${evenly}`, next: rotate(sample, path), budget: BUDGET.customer });
      await measureOne(url, e, {
        name: `${name}, ${big}`,
        next: rotate([largest], path),
        budget: BUDGET.customer,
        background,
      });
    }
    const operatorPages: [string, string, number][] = [
      ['operator: open orders queue', `${ADMIN}/orders`, BUDGET.operator],
      ['operator: pending top-ups queue', `${ADMIN}/charges`, BUDGET.operator],
      [
        'operator: all orders, search an old player id',
        `${ADMIN}/orders?status=all&search=${store.operatorSearch.playerId}`,
        BUDGET.operator,
      ],
      [
        'operator: all orders, search a customer e-mail',
        `${ADMIN}/orders?status=all&search=${q(store.operatorSearch.email)}`,
        BUDGET.operator,
      ],
      [
        'operator: customers, search an e-mail',
        `${ADMIN}/users?search=${q(store.operatorSearch.email)}`,
        BUDGET.operator,
      ],
      [`operator: dashboard, ${size.days} days`, `${ADMIN}/dashboard?from=${from}&to=${to}&tz=180`, BUDGET.dashboard],
    ];
    for (const [name, path, budget] of operatorPages)
      await measureOne(url, e, { name, next: asOperator(path), budget, background });
    const token = store.operator.token;
    const range = `from=${from}&to=${to}`;
    const exports: [string, string][] = [
      [`export: orders, ${size.days} days`, `orders.csv?${range}`],
      [`export: ledger, ${size.days} days`, `ledger.csv?${range}`],
      [`export: one customer's ledger, ${size.days} days`, `ledger.csv?${range}&user_id=${sample[0]!.id}`],
    ];
    for (const [name, path] of exports) await firstByte(url, e, name, `${ADMIN}/exports/${path}`, token, background);
  } finally {
    await server.stop();
  }
}

/** `npm run ledger:verify` as an operator runs it (the compiled CLI, a process of its own), timed end to end. */
async function verify(bdb: BenchDb): Promise<void> {
  log('  ledger:verify');
  const t0 = performance.now();
  let out = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'ledger-verify'], {
      cwd: repoRoot,
      env: { ...process.env, INIT_CWD: repoRoot, DATA_DIR: bdb.dataDir, DATABASE_URL: bdb.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  const ms = performance.now() - t0;
  rows.push({
    name: `ledger:verify, ${bdb.engine} (whole store)`,
    value: `${(ms / 1000).toFixed(1)} s, ${code === 0 ? 'passes' : `exit ${code}: ${out.trim().split('\n')[0]}`}`,
    reference: '-',
    ratio: '-',
    budget: `≤ ${BUDGET.verifyMs / 1000} s, passes`,
    met: ms <= BUDGET.verifyMs && code === 0,
  });
}

/** Seeds a new store, or (`--reuse`) takes the one an earlier `--keep` left; migrations run either way, timed. */
async function prepare(engine: EngineName): Promise<BenchDb> {
  if (reuse !== undefined) {
    // PostgreSQL's too: its data dir holds the app key the store's HMACs were made with, which a
    // new key would refuse to start on.
    if (!reuse) throw new Error('--reuse=<the data dir --keep printed>');
    const bdb = existingBenchDb(engine, adminUrl, { name: DB_NAME, dataDir: reuse });
    const h = await bdb.open();
    const t0 = performance.now();
    try {
      await migrateToLatest(h.db);
    } finally {
      await h.close();
    }
    notes.push(
      `${engine}: the store of an earlier run; migrations took ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
    );
    return bdb;
  }
  log(`seeding ${engine}`);
  const bdb = await createBenchDb(engine, adminUrl, DB_NAME);
  const t0 = performance.now();
  const f = await seedScale(bdb, size, log);
  const seeded = (performance.now() - t0) / 1000;
  rows.push({
    name: `seeding, ${engine}`,
    value: `${(seeded / 60).toFixed(1)} min (${n(f.ledgerRows)} ledger rows)`,
    reference: '-',
    ratio: '-',
    budget: '-',
    met: null,
  });
  notes.push(
    `${engine}: seeded in ${seeded.toFixed(0)} s, load average ${loadavg()[0]!.toFixed(1)} after; ledger rows: ` +
      `${n(size.orders)} purchases, ${n(f.refunds)} refunds, ${n(f.approvedCharges)} approved top-ups, ` +
      `${n(f.cashCredits)} cash top-ups credited by the operator.`,
  );
  log(`${engine} seeded in ${seeded.toFixed(0)} s`);
  return bdb;
}

const loadAtStart = loadavg()[0]!;
log(
  `store: ${n(size.customers)} customers, ${n(size.orders)} orders, ${n(size.charges)} top-up requests, ` +
    `${n(size.ledger)} ledger rows over ${size.days} days`,
);
for (const engine of engines) {
  const bdb = await prepare(engine);
  try {
    await pages(bdb, await signIn(bdb, size));
    await verify(bdb);
  } finally {
    // A reused store's drop() removes nothing.
    if (keep && reuse === undefined)
      log(`kept: ${engine === 'sqlite' ? '' : `${bdb.databaseUrl}, data dir `}${bdb.dataDir} (--reuse=${bdb.dataDir})`);
    else await bdb.drop();
  }
}

notes.push(
  `Customers drawn evenly: ${USERS} connections at once, each request as the next customer of the set with ` +
    `their own search; 1 s of warm-up, then ${SLICES} slices of ${seconds / SLICES} s; p50/p99 are the slices' ` +
    "medians, the range beside p99 is the slices' p99s.",
);
notes.push(
  `The largest account and the operator: one connection asks for the page again and again for ${seconds} s ` +
    `(after 1 s of warm-up) while ${USERS - 1} connections play customers drawn evenly (their orders, balances ` +
    "and searches); p50/p99 are that connection's answers. Alone: the median of 3 requests before the load.",
);
notes.push(
  `Exports: the first byte of the CSV (the first batch of 1,000 rows), the rest left unread, while ${USERS - 1} ` +
    'customers browse.',
);
notes.push('The load generator, the store and PostgreSQL share the same cores.');
notes.push(
  `Load average (1 min) at the start ${loadAtStart.toFixed(1)}, at the end ${loadavg()[0]!.toFixed(1)}, on ` +
    `${cpus().length} cores.`,
);
publish(fraction === 1 ? 'results-scale.md' : 'results-scale-small.md', 'A store ten times bigger', rows, notes);
process.exit(rows.every((r) => r.met !== false) ? 0 : 1);
