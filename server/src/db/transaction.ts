import { SqliteAdapter, sql, type Transaction } from 'kysely';
import type { Database, DB } from './database';

const pending = new WeakMap<object, Array<() => void>>();

/**
 * Runs `fn` in a transaction and, once it has committed, the callbacks registered with
 * `afterCommit` (none when it rolled back).
 */
export async function inTransaction<T>(db: DB, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const callbacks: Array<() => void> = [];
  const result = await db.transaction().execute((trx) => {
    pending.set(trx, callbacks);
    return fn(trx);
  });
  for (const callback of callbacks) callback();
  return result;
}

/**
 * Runs `callback` once the writes made through `db` are visible to every connection: at once
 * outside a transaction, after the commit inside one started by `inTransaction`. Dropping a cache
 * entry before the commit would let a parallel read on another connection cache the old row again.
 */
export function afterCommit(db: DB, callback: () => void): void {
  if (!db.isTransaction) {
    callback();
    return;
  }
  const callbacks = pending.get(db);
  if (!callbacks) throw new Error('afterCommit needs a transaction started with inTransaction()');
  callbacks.push(callback);
}

type Job = {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
};

/** At most this many writes share one commit; a batch takes what queued while the last one committed. */
const GROUP_MAX = 64;

/**
 * SQLite has one writer, and with `synchronous=FULL` every COMMIT waits for an fsync (~5 ms on
 * this machine) on the event loop, so one transaction per order capped a store at ~200 orders/s
 * and made the 200th waiting customer wait for 199 fsyncs. Writes queued here share one
 * transaction: each runs in its own SAVEPOINT (one that throws is rolled back alone and its
 * caller gets the error), then one COMMIT makes the batch durable, and only then does any caller
 * get an answer. Durability is unchanged: nobody is told "done" before the fsync.
 */
class GroupCommit {
  readonly #db: DB;
  #queue: Job[] = [];
  #running = false;

  constructor(db: DB) {
    this.#db = db;
  }

  run<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ fn, settle: (o) => (o.ok ? resolve(o.value as T) : reject(o.error)) });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        // A commit blocks the event loop for its fsync, so requests that arrived meanwhile are
        // still unread: let them reach the queue first, or every batch would hold one write.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = this.#queue.splice(0, GROUP_MAX);
        await this.#commit(batch);
      }
    } finally {
      this.#running = false;
    }
  }

  async #commit(batch: Job[]): Promise<void> {
    const outcomes: Array<Parameters<Job['settle']>[0]> = [];
    const callbacks: Array<() => void> = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
        pending.set(trx, callbacks);
        for (const job of batch) {
          const mark = callbacks.length;
          await sql`SAVEPOINT group_write`.execute(trx);
          try {
            const value = await job.fn(trx);
            await sql`RELEASE group_write`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`ROLLBACK TO group_write`.execute(trx);
            await sql`RELEASE group_write`.execute(trx);
            callbacks.length = mark;
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The batch did not commit: nobody's write happened.
      for (const job of batch) job.settle({ ok: false, error });
      return;
    }
    for (const callback of callbacks) callback();
    for (const [i, job] of batch.entries()) job.settle(outcomes[i]!);
  }
}

const groups = new WeakMap<DB, GroupCommit>();

/**
 * A short write transaction on the request path (placing an order). On SQLite it shares its
 * commit with the writes queued at the same moment (see GroupCommit); on PostgreSQL, where
 * connections commit in parallel and the server groups the WAL flushes itself, it is `inTransaction`.
 * `fn` must not wait on anything but this database (no network), as it holds the writer.
 */
export function inWriteTransaction<T>(db: DB, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return inTransaction(db, fn);
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db);
    groups.set(db, group);
  }
  return group.run(fn);
}
