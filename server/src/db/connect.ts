import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { type Driver, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import type pg from 'pg';
import type { Config } from '../config';
import type { Database, DB, Engine } from './database';
import { nameStatements, statementNamer } from './pg-statements';
import { sqliteDriver } from './sqlite-driver';
import { withStatementCache } from './sqlite-statements';
import { SyncedSqliteDriver } from './sqlite-synced-driver';
import { checkpointBesideLoop } from './wal-checkpoints';

/** A PostgreSQL pool's occupancy, read by the metrics at scrape time. */
export type PoolStats = { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };

/** `pool`: PostgreSQL's connection pool (SQLite has one connection and no pool). */
export type DbHandle = { db: DB; engine: Engine; close: () => Promise<void>; pool?: PoolStats };

export type ConnectOptions = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to use (tests give each file its own); created when missing. */
  pgSchema?: string;
  /**
   * A pooled PostgreSQL connection that dies while idle (the server restarted, an administrator
   * or an idle timeout ended it) is dropped by the pool and reported here; the next query opens
   * a new one. Without a listener the pool's 'error' event would end the process.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * Send the statements the store repeats as named (prepared) statements (pg-statements.ts).
   * Off for a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  preparedStatements?: boolean;
  /**
   * SQLite keeps its temporary storage in memory: the server's. Group commit puts each order of a
   * batch in its own SAVEPOINT (kernel/unit-of-work.ts), and SQLite journals every page a
   * savepoint first changes; past 64 KiB that journal became a temporary file, and every page
   * then cost a write to it, about a sixth of an order's CPU. The price is that a sort no index
   * serves keeps its rows in memory instead of spilling them: the server's reads are
   * index-ordered and paged, while the CLIs that sort the whole ledger (`ledger:verify`, a
   * backup's figures) leave this off.
   */
  tempInMemory?: boolean;
  /**
   * SQLite's WAL checkpoints run in a worker thread instead of inside a commit on the event loop
   * (wal-checkpoints.ts): for the server, whose loop answers customers. A CLI leaves it off.
   */
  checkpointBesideLoop?: boolean;
};

/** What the store's configuration says about its database (the server and the CLIs). */
export function configuredConnection(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPreparedStatements'>,
): ConnectOptions {
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir, preparedStatements: config.pgPreparedStatements };
}

// pg returns int8 and numeric as strings; every such column here is integer micros or a count
// well inside Number's safe range, so parse them once, here.
const pgTypes = (types: typeof pg.types) => ({
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (v: string) => Number(v);
    return types.getTypeParser(oid, format);
  },
});

export async function connect(opts: ConnectOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    // Loaded only for PostgreSQL: a store on SQLite never needs the driver (2 MB of heap).
    const { default: pg } = await import('pg');
    const schema = opts.pgSchema;
    if (schema) {
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
      await admin.end();
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      types: pgTypes(pg.types),
      ...(schema ? { options: `-c search_path="${schema.replace(/"/g, '')}"` } : {}),
    });
    const report =
      opts.onConnectionError ?? ((err: Error) => process.stderr.write(`database connection lost: ${err.message}\n`));
    pool.on('error', report);
    // The pool listens for errors only on idle connections. One that dies while checked out (a
    // query in flight when PostgreSQL restarts or the network drops) fails that query, and then
    // emits 'error' on the client: without a listener that is an uncaught exception ending the
    // process. The query's caller already has the error; the pool drops the dead connection on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    if (opts.preparedStatements ?? true) {
      const namer = statementNamer();
      pool.on('connect', (client) => nameStatements(client, namer));
    }
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy(), pool };
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(opts.dataDir, 0o700);
  const file = path.join(opts.dataDir, 'raseed.sqlite');
  // Only this user reads the database; SQLite gives its -wal and -shm files the same mode.
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const sqlite = new sqliteDriver.SQLite(file);
  // The driver's WAL sync below is what makes NORMAL as safe as FULL: without WAL it would not be.
  const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
  if (mode !== 'wal') throw new Error(`SQLite at ${file} cannot run in WAL mode (it stays in ${String(mode)})`);
  sqlite.pragma('foreign_keys = ON');
  // NORMAL with the driver's own WAL sync after each commit is FULL, with the fsync off the event
  // loop: a committed order or top-up survives a power cut, not only a process crash.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  if (opts.tempInMemory) sqlite.pragma('temp_store = MEMORY');
  const checkpoints = opts.checkpointBesideLoop ? checkpointBesideLoop(sqlite, file) : undefined;
  const driver = new SyncedSqliteDriver(withStatementCache(sqlite), sqlite, `${file}-wal`, checkpoints);
  const db = new Kysely<Database>({ dialect: new SyncedSqliteDialect(driver) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Kysely's SQLite dialect (adapter, compiler, introspector) on the store's driver. */
class SyncedSqliteDialect extends SqliteDialect {
  readonly #driver: Driver;

  constructor(driver: Driver) {
    // The dialect's own config is never used: the driver is made here.
    super({ database: {} as SqliteDialectConfig['database'] });
    this.#driver = driver;
  }

  override createDriver(): Driver {
    return this.#driver;
  }
}
