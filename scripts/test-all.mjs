#!/usr/bin/env node
// `npm test`: every suite, each writing a JSON report; ends with `N passed, N failed`.
// The suites run in two lanes at once: e2e (mostly waiting on a browser and a store) beside the
// others one after another (mostly waiting on fsyncs and PostgreSQL); in a row they left half of
// a 2-core machine idle. The web app's units go to whichever lane ends first. Each suite's output
// goes to its own log, printed whole when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './lib/build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, process.env.RASEED_RESULTS ?? '.tmp/results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Server test files whose subject is not the database (the HTTP transport, proxies, compression,
// sockets, headers, the OpenAPI document, input normalisation, the S3 and Redis stand-ins, sealing,
// images, link previews, the jobs kit's timing, the backup schedule, the source's own layout):
// they run once, on SQLite, not again on PostgreSQL.
const ENGINE_FREE = [
  'cors',
  'openapi-encodings',
  'transport-errors',
  'hardening-transport',
  'compression',
  'listeners',
  'eastern-digits',
  'rate-limit-shared',
  'topup-s3',
  'sqlite-statements',
  'order-codes',
  'sealing',
  'memo',
  'hardening-images',
  'share-preview',
  'lease-loop',
  'backup-schedule',
  'line-length',
  'feature-boundaries',
  'server-modules',
].map((f) => `test/${f}.test.ts`);

// Server test files whose outcome can depend on the Node runtime the store runs on: the SQLite
// driver (better-sqlite3 13 on Node 24, 12 on Node 20) and its transactions, native modules
// (argon2, sharp), the crypto the store seals, signs and encrypts with, Node's HTTP parser and
// streams, outgoing HTTP, SMTP, S3 and Redis clients, child processes and process start, timers
// and worker threads. The Node 24 pass of .ci/run runs only these (RASEED_SERVER_FILES=runtime):
// the other files test the store's rules through the same code paths, so a second runtime
// adds time, not evidence. A new file that belongs here is added here.
const RUNTIME_BOUND = [
  // SQLite through its driver: statements, transactions, group commit, migrations, backups.
  'sqlite-driver',
  'sqlite-statements',
  'group-commit',
  'unit-of-work',
  'session-cache-commit',
  'migrations',
  'backup-restore',
  'backup-schedule',
  'place-order-concurrency',
  'wallet-ledger-property',
  'ledger-verify',
  // Native modules: password hashing (argon2), images (sharp, in worker threads), PDFs.
  'auth-accounts',
  'hardening-lockout',
  'hardening-images',
  'topup-upload',
  'topup-pdf',
  'statement-prints',
  // Crypto: sealed codes and key rotation, authenticator codes, Google's tokens, push encryption,
  // webhook signatures, API keys.
  'sealing',
  'key-rotation',
  'auth-two-factor',
  'auth-google',
  'push',
  'webhooks',
  'api-keys',
  // Node's HTTP server and streams: malformed requests, proxies, compression, sockets, SSE, export.
  'transport-errors',
  'hardening-transport',
  'fuzz-transport',
  'compression',
  'listeners',
  'events-stream',
  'events-stream-limits',
  'exports-stream',
  'readiness',
  // Outgoing connections: the guard, suppliers, numbers providers, SMTP, S3, Redis.
  'outbound',
  'delivery-forward',
  'supplier-connection',
  'supplier-webhooks',
  'numbers-purchase',
  'password-reset',
  'topup-s3',
  'rate-limit-shared',
  // Processes, start-up and memory, request context across jobs, timers, Arabic text handling.
  'operator-cli',
  'start-memory',
  'memory-footprint',
  'demo-store',
  'hardening-defaults',
  'request-logs',
  'lease-loop',
  'eastern-digits',
  'catalog-search',
].map((f) => `test/${f}.test.ts`);

// A renamed or removed file must not drop out of a list unnoticed.
for (const f of [...ENGINE_FREE, ...RUNTIME_BOUND])
  if (!existsSync(path.join(root, 'server', f))) throw new Error(`scripts/test-all.mjs names ${f}, which is gone`);

const pgUrl = process.env.TEST_DATABASE_URL;
// RASEED_SUITES=server-sqlite,e2e runs only those (the Node 24 pass of .ci/run uses it).
const only = process.env.RASEED_SUITES ? new Set(process.env.RASEED_SUITES.split(',')) : null;
const suites = [
  { id: 'contract', name: 'contract', ws: 'contract' },
  {
    id: 'server-sqlite',
    name: 'server (sqlite)',
    ws: 'server',
    env: { TEST_ENGINE: 'sqlite' },
    before: ['chromium'],
    args: process.env.RASEED_SERVER_FILES === 'runtime' ? RUNTIME_BOUND : [],
  },
  ...(pgUrl
    ? [
        {
          id: 'server-postgres',
          name: 'server (postgres)',
          ws: 'server',
          env: { TEST_ENGINE: 'postgres' },
          before: ['chromium'],
          args: ENGINE_FREE.flatMap((f) => ['--exclude', f]),
        },
      ]
    : []),
  // Either lane's: it runs in whichever ends its own suites first. Which lane is longer depends on
  // the machine (e2e by 100 s on one, the server's by 270 s on a slower one, 2026-11-28).
  { id: 'web', name: 'web', ws: 'web', lane: 'either' },
  {
    id: 'e2e',
    name: 'e2e',
    ws: 'e2e',
    before: ['chromium', 'nginx'],
    lane: 'browser',
    // RASEED_E2E_FILES=crash,buying runs only the files whose names contain one of these.
    args: process.env.RASEED_E2E_FILES ? process.env.RASEED_E2E_FILES.split(',') : [],
  },
]
  .filter((s) => !only || only.has(s.id))
  .map((s) => (process.env.RASEED_SUITE_LABEL ? { ...s, name: `${s.name} ${process.env.RASEED_SUITE_LABEL}` } : s));

function run(cmd, args, env = {}) {
  return spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

/** Runs a command with its output in `log`; resolves with its exit code. */
function runLogged(cmd, args, env, log) {
  return new Promise((resolve) => {
    const out = createWriteStream(log);
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code) => out.end(() => resolve(code ?? 1)));
  });
}

let passed = 0;
let failed = 0;
const lines = [];
const failures = [];

/** Each failed test of a suite's JSON report with the first lines of its error: a CI log shows
 * only its tail, where a long suite's own failure report has scrolled away. */
function failuresOf(suite, report) {
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    return r.testResults.flatMap((file) => {
      const name = path.relative(root, file.name);
      const tests = file.assertionResults.filter((a) => a.status === 'failed');
      if (tests.length === 0 && file.status === 'failed') return [`✗ ${suite} › ${name}\n    ${file.message}`];
      return tests.map((a) => {
        const error = (a.failureMessages ?? [])
          .join('\n')
          .split('\n')
          .filter((l) => !/^\s*at .*(node_modules|<anonymous>|node:internal)/.test(l))
          .slice(0, 10)
          .join('\n    ');
        return `✗ ${suite} › ${name} › ${a.fullName}\n    ${error}`;
      });
    });
  } catch {
    return [`✗ ${suite}: no report (see its log above)`];
  }
}
const started = performance.now();

// One build of the web app and of the server for the whole run (each only if its sources
// changed): e2e, the CLI tests and every started store use these same files.
try {
  await ensureBuilt();
} catch (err) {
  console.error(err);
  failed += 1;
  lines.push('build: failed');
}

// Tools first, once, in order: two suites installing Debian packages at once fight for dpkg's lock.
const setupFailed = new Set();
const suiteLines = [];
for (const tool of [...new Set(suites.flatMap((s) => s.before ?? []))])
  if (run(process.execPath, [`scripts/ensure-${tool}.mjs`]) !== 0) setupFailed.add(tool);

async function runSuite(s, i) {
  if ((s.before ?? []).some((tool) => setupFailed.has(tool))) {
    failed += 1;
    suiteLines[i] = `${s.name}: setup failed`;
    return;
  }
  const report = path.join(out, `${i}.json`);
  const log = path.join(out, `${i}.log`);
  const t0 = performance.now();
  console.log(`=== ${s.name}: started ===`);
  const rc = await runLogged(
    'npx',
    [
      'vitest',
      'run',
      '--root',
      s.ws,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...(s.args ?? []),
    ],
    { ...s.env, FORCE_COLOR: '0' },
    log,
  );
  const seconds = Math.round((performance.now() - t0) / 1000);
  console.log(`\n=== ${s.name} (${seconds} s) ===`);
  console.log(readFileSync(log, 'utf8'));
  let p = 0;
  let f = 0;
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    p = r.numPassedTests;
    f = r.numFailedTests;
  } catch {
    f = 1;
  }
  if (rc !== 0 && f === 0) f = 1;
  if (f > 0) failures.push(...failuresOf(s.name, report));
  passed += p;
  failed += f;
  suiteLines[i] = `${s.name}: ${p} passed, ${f} failed (${seconds} s)`;
}

// RASEED_LANES=1 runs every suite in a row (the Node 24 pass of .ci/run, beside the Node 20 one).
const oneLane = process.env.RASEED_LANES === '1';
const lanes = new Map();
const spare = [];
for (const [i, s] of suites.entries()) {
  if (s.lane === 'either' && !oneLane) {
    spare.push([s, i]);
    continue;
  }
  const lane = oneLane ? 'all' : (s.lane ?? 'main');
  lanes.set(lane, [...(lanes.get(lane) ?? []), [s, i]]);
}
await Promise.all(
  [...(lanes.size ? lanes.values() : [[]])].map(async (lane) => {
    for (const [s, i] of lane) await runSuite(s, i);
    for (let next = spare.shift(); next; next = spare.shift()) await runSuite(...next);
  }),
);
if (failures.length > 0) console.log(`\n=== failed tests ===\n${failures.join('\n')}`);
lines.push(...suiteLines.filter(Boolean));
lines.push(`total: ${Math.round((performance.now() - started) / 1000)} s on Node ${process.versions.node}`);
console.log(`\n${lines.join('\n')}`);
writeFileSync(path.join(out, 'summary.json'), JSON.stringify({ passed, failed }));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
