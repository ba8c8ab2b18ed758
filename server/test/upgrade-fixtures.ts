import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../src/db/database';
import { testEngine } from './helper';

/** The committed stores of older releases (see fixtures/upgrades/README.md). */
export const upgradeFixtures = ['first-release', 'before-this-wave'] as const;
export type UpgradeFixture = (typeof upgradeFixtures)[number];

const fixturesDir = path.join(import.meta.dirname, 'fixtures/upgrades');

/** Where an older release's store was put for one test: DATA_DIR, or DATABASE_URL on PostgreSQL. */
export type OldStore = { dataDir: string; databaseUrl: string | undefined; drop(): Promise<void> };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A copy of the fixture made by an older release: the SQLite file copied into a fresh data dir,
 * or the PostgreSQL dump loaded into a fresh database of its own on the test server.
 */
export async function openOldStore(fixture: UpgradeFixture): Promise<OldStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-upgrade-'));
  if (testEngine === 'sqlite') {
    copyFileSync(path.join(fixturesDir, `${fixture}.sqlite`), path.join(dataDir, 'raseed.sqlite'));
    return { dataDir, databaseUrl: undefined, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `raseed_upgrade_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const drop = async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const loader = new pg.Client({ connectionString: databaseUrl });
  await loader.connect();
  try {
    // A plain-SQL dump of INSERTs: one simple-protocol query runs it all.
    await loader.query(readFileSync(path.join(fixturesDir, `${fixture}.pg.sql`), 'utf8'));
  } catch (error) {
    await loader.end();
    await drop();
    throw error;
  }
  await loader.end();
  return { dataDir, databaseUrl, drop };
}

export type TableSnapshot = { columns: string[]; rows: Record<string, unknown>[] };

/** Every table's columns and rows (sorted, so two snapshots compare whatever order rows come in). */
export async function snapshot(db: DB): Promise<Map<string, TableSnapshot>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const out = new Map<string, TableSnapshot>();
  for (const t of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(t.name)}`.execute(db);
    const columns = t.columns.map((c) => c.name).sort();
    out.set(t.name, { columns, rows: onlyColumns(rows, columns) });
  }
  return out;
}

/** Rows cut down to these columns (a later snapshot's to an earlier one's), in one order. */
export function onlyColumns(rows: Record<string, unknown>[], columns: string[]): Record<string, unknown>[] {
  const key = (r: Record<string, unknown>) => JSON.stringify(r);
  return rows
    .map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])))
    .sort((a, b) => key(a).localeCompare(key(b)));
}
