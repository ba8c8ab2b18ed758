import { closeSync, fdatasync, openSync } from 'node:fs';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  SelectQueryNode,
  type SqliteDatabase,
  SqliteDriver,
} from 'kysely';
import type { Checkpoints } from './wal-checkpoints';

/**
 * The store's SQLite driver: Kysely's, with two changes.
 *
 * **Commits are made durable off the event loop.** With `synchronous=FULL` SQLite fsyncs the WAL
 * inside every COMMIT, and better-sqlite3 runs it on the event loop: each commit stopped the
 * process for the fsync (~5 ms here), so while customers ordered, a new connection waited
 * seconds to be accepted (docs/performance.md). The connection runs `synchronous=NORMAL`, which
 * in WAL mode is FULL without that one sync ("an additional sync operation of the WAL file
 * happens after each transaction commit", SQLite's PRAGMA synchronous), and makes that sync
 * itself, with `fdatasync` on libuv's thread pool, before the statement that committed resolves.
 * The connection stays held until then, so nobody is answered about a commit, and no statement of
 * this process reads it, before it is on disk: what FULL promises. Meanwhile the event loop
 * accepts connections and answers what needs no database (cached catalog, files).
 *
 * **Transactions take the write lock when they begin** (BEGIN IMMEDIATE). The store has one
 * connection, whose transactions run one at a time anyway, so this costs it nothing. But another
 * process writing the same file (`npm run keys -- rotate`, the operator CLI) could otherwise commit
 * between a transaction's first read and its first write, and that write would then fail at once
 * with "database is locked": SQLite cannot wait there without risking a deadlock. A transaction
 * that takes the lock first waits for it (busy_timeout) instead.
 */
export class SyncedSqliteDriver extends SqliteDriver {
  readonly #connection: SyncedConnection;

  readonly #checkpoints: Checkpoints | undefined;

  constructor(database: SqliteDatabase, sqlite: BetterSqlite3.Database, walFile: string, checkpoints?: Checkpoints) {
    super({ database });
    this.#checkpoints = checkpoints;
    this.#connection = new SyncedConnection(database, sqlite, new WalSync(walFile), checkpoints);
  }

  // Kysely's mutex still hands out the one connection; only what it runs changes.
  override async acquireConnection(): Promise<DatabaseConnection> {
    await super.acquireConnection();
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  override async destroy(): Promise<void> {
    // The worker's connection first: the last one to close checkpoints the WAL and removes it.
    await this.#checkpoints?.close();
    this.#connection.close();
    await super.destroy();
  }
}

/** Kysely's SQLite connection (same results), which waits for the WAL sync after a commit. */
class SyncedConnection implements DatabaseConnection {
  readonly #db: SqliteDatabase;
  readonly #sqlite: BetterSqlite3.Database;
  readonly #wal: WalSync;
  readonly #checkpoints: Checkpoints | undefined;

  constructor(db: SqliteDatabase, sqlite: BetterSqlite3.Database, wal: WalSync, checkpoints?: Checkpoints) {
    this.#db = db;
    this.#sqlite = sqlite;
    this.#wal = wal;
    this.#checkpoints = checkpoints;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    this.#wal.check();
    const { sql, parameters } = compiledQuery;
    const statement = this.#db.prepare(sql) as unknown as BetterSqlite3.Statement;
    const inTransaction = this.#sqlite.inTransaction;
    let result: QueryResult<R>;
    if (statement.reader) {
      result = { rows: statement.all(parameters) as R[] };
    } else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      result = { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    }
    // Something committed: the transaction this statement ended (a ROLLBACK syncs too, which
    // costs little), or a write that was its own transaction.
    if (!this.#sqlite.inTransaction && (inTransaction || !statement.readonly)) {
      await this.#wal.sync();
      // An idle store's workers poll with claims that change no row: those leave nothing to copy.
      if (inTransaction || result.rows.length > 0 || Number(result.numAffectedRows ?? 0) > 0) {
        this.#checkpoints?.committed();
      }
    }
    return result;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const statement = this.#db.prepare(sql);
    for (const row of statement.iterate(parameters)) yield { rows: [row as R] };
  }

  close(): void {
    this.#wal.close();
  }
}

/**
 * The WAL file's own descriptor, for `fdatasync` (it flushes the file whichever descriptor
 * wrote it). SQLite keeps the file while the store's connection is open: a checkpoint rewinds
 * it, it is never deleted or replaced under an open connection.
 */
class WalSync {
  readonly #file: string;
  #fd: number | undefined;
  /** A failed sync may have lost a committed write: like PostgreSQL, the store stops writing. */
  #failed: Error | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  check(): void {
    if (this.#failed) throw this.#failed;
  }

  sync(): Promise<void> {
    // Opened on the first commit: SQLite creates the WAL file with its first write.
    this.#fd ??= openSync(this.#file, 'r');
    const fd = this.#fd;
    return new Promise((resolve, reject) =>
      fdatasync(fd, (err) => {
        if (!err) return resolve();
        this.#failed = new Error(`SQLite's WAL could not be synced to disk, the store stopped writing: ${err.message}`);
        reject(this.#failed);
      }),
    );
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}
