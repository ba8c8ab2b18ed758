import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverEntry } from '../../scripts/lib/build.mjs';
import { createAppCaches } from '../src/app-caches';
import { Lru } from '../src/kernel/lru';

// What an idle store holds (docs/benchmarks.md#memory): V8 sets its next collection's limit at a
// multiple of the live heap, so every MB held from the start costs several under load.

describe('the in-memory caches', () => {
  it('set aside no memory for entries they do not hold', () => {
    const before = process.memoryUsage().heapUsed;
    // Kept referenced until measured: ten apps' caches (50,000 sessions, 20,000 products, … each).
    const caches = Array.from({ length: 10 }, () => createAppCaches());
    const grown = process.memoryUsage().heapUsed - before;
    expect(caches).toHaveLength(10);
    // lru-cache set aside 4 MB for each app's empty caches.
    expect(grown).toBeLessThan(1024 * 1024);
  });

  it('drop the least recently used entry when full, and expired entries when read', async () => {
    const lru = new Lru<string, number>({ max: 2, ttlMs: 60_000 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([...lru.entries()]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(lru.peek('b')).toBeUndefined();
    // peek does not count as a use: `a` stays the least recently used and goes next.
    expect(lru.peek('a')).toBe(1);
    lru.set('d', 4);
    expect(lru.get('a')).toBeUndefined();

    lru.set('short', 5, 20);
    expect(lru.get('short')).toBe(5);
    await new Promise((r) => setTimeout(r, 40));
    expect(lru.get('short')).toBeUndefined();
    expect(lru.peek('d')).toBe(4);
    lru.delete('d');
    expect(lru.get('d')).toBeUndefined();
    lru.clear();
    expect(lru.size).toBe(0);
  });
});

/**
 * Starts the compiled server on an empty SQLite store and lists, as it exits, the packages from
 * `names` it loaded (CommonJS ones, and ESM packages that wrap CommonJS, such as pg).
 */
function packagesLoadedByServer(names: string[]): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-footprint-'));
  // The main thread's packages: a worker thread the server starts (SQLite's checkpoints) runs this too.
  const probe = `import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
const require = createRequire(process.cwd() + '/');
if (isMainThread) process.on('exit', () => {
  const names = ${JSON.stringify(names)};
  const loaded = names.filter((n) => Object.keys(require.cache).some((f) => f.includes('/node_modules/' + n + '/')));
  process.stderr.write('LOADED ' + JSON.stringify(loaded) + '\\n');
});`;
  const child = spawn(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(probe)}`, serverEntry],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        HOST: '127.0.0.1',
        PORT: '0',
        RASEED_DEMO: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += String(d);
    // Listening: the store is up with every route registered.
    if (out.includes('Raseed store at')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (d) => {
    err += String(d);
  });
  return new Promise((resolve, reject) => {
    child.on('close', () => {
      rmSync(dataDir, { recursive: true, force: true });
      const line = /LOADED (.*)/.exec(err);
      if (line) resolve(JSON.parse(line[1]!) as string[]);
      else reject(new Error(`the server did not report: ${out}\n${err}`));
    });
  });
}

describe('the compiled server on SQLite', () => {
  it('loads neither the PostgreSQL driver nor the compilers zod replaces', async () => {
    const heavy = ['pg', 'ajv', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];
    // The probe itself works: a package every start needs is reported.
    expect(await packagesLoadedByServer([...heavy, 'fastify'])).toEqual(['fastify']);
  });
});
