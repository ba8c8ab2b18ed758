import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type DbHandle } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { type LargeStore, seedLarge } from '../seed-large';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export type EngineName = 'sqlite' | 'postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A throwaway database: a temp DATA_DIR for SQLite, or a fresh PostgreSQL database. */
export type BenchDb = { engine: EngineName; dataDir: string; databaseUrl: string; open(): Promise<DbHandle>; drop(): Promise<void> };

export async function createBenchDb(engine: EngineName, adminUrl: string): Promise<BenchDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-bench-'));
  if (engine === 'sqlite') {
    return { engine, dataDir, databaseUrl: '', open: () => connect({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `raseed_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    engine,
    dataDir,
    databaseUrl,
    open: () => connect({ databaseUrl, dataDir }),
    async drop() {
      // FORCE ends any connection a pool still keeps idle; that pool reports it as an error.
      const ignoreTerminated = (err: Error & { code?: string }) => {
        if (err.code !== '57P01') throw err;
      };
      process.on('uncaughtException', ignoreTerminated);
      setTimeout(() => process.off('uncaughtException', ignoreTerminated), 2_000).unref();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function migrateAndSeed(bdb: BenchDb): Promise<LargeStore> {
  const h = await bdb.open();
  try {
    await migrateToLatest(h.db);
    return await seedLarge(h.db);
  } finally {
    await h.close();
  }
}

export type ServerProcess = { baseUrl: string; stop(): Promise<void> };

/** The real server entry (what `npm start` runs) on a free loopback port. */
export async function startServer(bdb: BenchDb, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: bdb.dataDir, DATABASE_URL: bdb.databaseUrl, LOG_LEVEL: 'warn', RASEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${baseUrl}/public/api/v1/setting`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
