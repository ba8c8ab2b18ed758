import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startStore } from '../../e2e/harness/server';
import { ensureBuilt } from '../../scripts/lib/build.mjs';
import { connect, type DbHandle } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { type LargeStore, seedLarge } from '../seed-large';

export { freePort };
export const repoRoot = path.resolve(import.meta.dirname, '../..');
export type EngineName = 'sqlite' | 'postgres';

/** A throwaway database: a temp DATA_DIR for SQLite, or a fresh PostgreSQL database. */
export type BenchDb = {
  engine: EngineName;
  dataDir: string;
  databaseUrl: string;
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
};

/** `name`: a fixed PostgreSQL database name (a leftover of an interrupted run under it is dropped first). */
export async function createBenchDb(engine: EngineName, adminUrl: string, name?: string): Promise<BenchDb> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-bench-'));
  if (engine === 'sqlite') {
    return {
      engine,
      dataDir,
      databaseUrl: '',
      open: () => connect({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const dbName = name ?? `raseed_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (name) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  return {
    engine,
    dataDir,
    databaseUrl,
    open: () => connect({ databaseUrl, dataDir }),
    async drop() {
      // FORCE ends any connection a pool still keeps idle; connect() reports that and carries on.
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bench database left by an earlier run (`--keep`): the SQLite store in `dataDir`, or PostgreSQL's `name`. */
export function existingBenchDb(engine: EngineName, adminUrl: string, at: { dataDir?: string; name: string }): BenchDb {
  const dataDir = at.dataDir ?? mkdtempSync(path.join(tmpdir(), 'raseed-bench-'));
  const url = new URL(adminUrl);
  url.pathname = `/${at.name}`;
  const databaseUrl = engine === 'sqlite' ? '' : url.toString();
  return {
    engine,
    dataDir,
    databaseUrl,
    open: () => connect(databaseUrl ? { databaseUrl, dataDir } : { dataDir }),
    drop: async () => {
      if (!at.dataDir) rmSync(dataDir, { recursive: true, force: true });
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

export type ServerProcess = { baseUrl: string; pid: number; startMs: number; stop(): Promise<void> };

/** The compiled server (what `npm start` runs), through the shared e2e helper, on a free loopback port. */
export async function startServer(
  bdb: BenchDb,
  env: Record<string, string> = {},
  opts: { fromSource?: boolean; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  await ensureBuilt({ web: false });
  const store = await startStore(
    {
      NODE_ENV: 'production',
      DATA_DIR: bdb.dataDir,
      DATABASE_URL: bdb.databaseUrl,
      LOG_LEVEL: 'warn',
      RASEED_DEMO: '0',
      ...env,
    },
    // BENCH_NODE_ARGS: flags for the store's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    { nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean), ...opts },
  );
  return {
    baseUrl: store.baseUrl,
    pid: store.pid,
    startMs: store.startMs,
    async stop() {
      await store.stop();
    },
  };
}
