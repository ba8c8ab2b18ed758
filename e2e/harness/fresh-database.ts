import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type DbHandle } from '../../server/src/db/connect';

/** The server's env for one engine, and a way for the test to open that same database. */
export type FreshDatabase = { env: Record<string, string>; open: () => Promise<DbHandle> };

/** A temporary DATA_DIR (its SQLite file), removed afterwards. */
export async function onFreshSqlite(prefix: string, fn: (d: FreshDatabase) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    await fn({ env: { DATA_DIR: dataDir }, open: () => connect({ dataDir }) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A PostgreSQL database of its own (created on `pgUrl`'s server, dropped afterwards) plus a DATA_DIR. */
export async function onFreshPostgres(
  pgUrl: string,
  prefix: string,
  fn: (d: FreshDatabase) => Promise<void>,
): Promise<void> {
  const name = `${prefix.replace(/\W/g, '_')}${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    await fn({
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      open: () => connect({ dataDir, databaseUrl: url.toString() }),
    });
  } finally {
    // Without FORCE first: a connection of this process still open would be a leak to see.
    await admin
      .query(`DROP DATABASE IF EXISTS ${name}`)
      .catch(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
