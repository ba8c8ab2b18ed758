// Builds the web app and the server only when their sources changed since the last build, and
// says where the built server lives. Used by `npm start`, `npm test`, e2e, bench and the CLIs'
// tests, so every one of them runs the same compiled files.
//
// Each build writes into a fresh directory and then swaps it in with a rename, so several
// processes starting on one checkout never serve (or run) a half-written build.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { precompress } from './precompress.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const serverDist = path.join(repoRoot, 'server/dist');
export const webDist = path.join(repoRoot, 'web/dist');
/** The built entry points: the server and the operator CLIs. */
export const serverEntry = path.join(serverDist, 'server.js');
export const operatorCli = path.join(serverDist, 'operator.js');
export const ledgerVerifyCli = path.join(serverDist, 'ledger-verify.js');
export const backupCli = path.join(serverDist, 'backup.js');
export const restoreCli = path.join(serverDist, 'restore.js');
export const keysCli = path.join(serverDist, 'keys.js');

const SKIP = new Set(['node_modules', 'dist', 'test', '.tmp']);

/** Newest modification time under `dir` (skipping dependencies, builds and tests). */
function newest(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.dist-')) continue;
    t = Math.max(t, newest(path.join(target, entry.name)));
  }
  return t;
}

/** The sources' time a build was made from; a build made by hand (`vite build`) counts from when it was written. */
function stampOf(dir, marker) {
  try {
    return Number(readFileSync(path.join(dir, '.built'), 'utf8')) || 0;
  } catch {
    return newest(path.join(dir, marker));
  }
}

const serverSources = () =>
  Math.max(
    newest(path.join(repoRoot, 'server/src')),
    newest(path.join(repoRoot, 'server/package.json')),
    newest(path.join(repoRoot, 'contract/src')),
    newest(import.meta.filename),
  );
const webSources = () =>
  Math.max(
    ...['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contract/src'].map((p) =>
      newest(path.join(repoRoot, p)),
    ),
  );

/** Replaces `dest` with the finished build in `tmp`, stamped with the sources' time. */
function swapIn(tmp, dest, sourcesTime) {
  writeFileSync(path.join(tmp, '.built'), String(sourcesTime));
  const old = `${dest}.old-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    if (existsSync(dest)) renameSync(dest, old);
    renameSync(tmp, dest);
  } catch (err) {
    // Another process swapped its build in between: it built the same sources, keep that one.
    if (!existsSync(dest)) throw err;
    rmSync(tmp, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

/** True when a build is needed: no build yet, or sources newer than it. */
export function serverStale() {
  return !existsSync(serverEntry) || serverSources() > stampOf(serverDist, 'server.js');
}
export function webStale() {
  return !existsSync(path.join(webDist, 'index.html')) || webSources() > stampOf(webDist, 'index.html');
}

/**
 * Bundles server/src (and the contract it imports) into server/dist with esbuild. Packages
 * from node_modules stay imports: the native ones (better-sqlite3, argon2, sharp) cannot be
 * bundled, and a production install has them all anyway.
 */
export async function buildServer() {
  const sourcesTime = serverSources();
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error(
      'server/dist is missing or out of date and esbuild is not installed (a ' +
        'production install): build with a full `npm ci` first.',
    );
  }
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'server/package.json'), 'utf8'));
  // optionalDependencies too: better-sqlite3-node22 is required at run time by sqlite-driver.ts.
  const runtimeDeps = { ...pkg.dependencies, ...pkg.optionalDependencies };
  const external = Object.keys(runtimeDeps).filter((d) => !d.startsWith('@raseed/'));
  const tmp = path.join(repoRoot, 'server', `.dist-${process.pid}-${randomBytes(4).toString('hex')}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await esbuild.build({
    absWorkingDir: repoRoot,
    entryPoints: {
      server: 'server/src/server.ts',
      operator: 'server/src/cli/operator.ts',
      'ledger-verify': 'server/src/cli/ledger-verify.ts',
      backup: 'server/src/cli/backup.ts',
      restore: 'server/src/cli/restore.ts',
      keys: 'server/src/cli/keys.ts',
      // The image pool's worker thread loads image-task.js from beside image-worker.mjs.
      'image-task': 'server/src/modules/media/image-task.ts',
    },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    external,
    // Chunks beside the entries: code that finds files from import.meta.dirname (config.ts and
    // web/dist) must sit at the same depth as in server/src.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
  copyFileSync(path.join(repoRoot, 'server/src/modules/media/image-worker.mjs'), path.join(tmp, 'image-worker.mjs'));
  // SQLite's checkpoint worker (db/wal-checkpoints.ts), found beside the chunk that starts it.
  copyFileSync(path.join(repoRoot, 'server/src/db/checkpoint-worker.mjs'), path.join(tmp, 'checkpoint-worker.mjs'));
  swapIn(tmp, serverDist, sourcesTime);
}

/**
 * `vite build` into a fresh directory, its text files compressed, then swapped in. Vite says
 * only warnings and errors: its list of a hundred assets is not something a person starting the
 * store reads.
 */
export async function buildWeb() {
  const sourcesTime = webSources();
  const tmpName = `.dist-${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = path.join(repoRoot, 'web', tmpName);
  // Vite's own script rather than npx, whose spinner would draw over a terminal's lines; found as
  // npx would, from web/ up through every node_modules above it.
  const vite = path.join(
    path.dirname(createRequire(path.join(repoRoot, 'web/package.json')).resolve('vite/package.json')),
    'bin/vite.js',
  );
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', tmpName, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(repoRoot, 'web'),
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error('the web build failed');
  }
  await precompress(tmp);
  swapIn(tmp, webDist, sourcesTime);
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Builds what is out of date, `log` told of each build; answers whether anything was built. */
export async function ensureBuilt({ web = true, server = true, log = console.log } = {}) {
  let built = false;
  if (web && webStale()) {
    log('build: web app…');
    const t = performance.now();
    await buildWeb();
    log(`build: web app built in ${seconds(t)}`);
    built = true;
  }
  if (server && serverStale()) {
    const t = performance.now();
    await buildServer();
    log(`build: server built in ${seconds(t)}`);
    built = true;
  }
  return built;
}
