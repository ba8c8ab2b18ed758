import { CompiledQuery, SqliteAdapter, type Transaction } from 'kysely';
import type { Database, DB } from '../db/database';
import type { Effect } from './effects';
import { actingFor, requestIdOf, rootOf } from './request-context';

/** What a unit of work's body gets: the transaction, through which every read and write goes. */
export type Tx = Transaction<Database>;

type Handler = (effects: Effect[]) => Promise<void>;

/** Each app's effect handler, by its root connection (tests run several apps in one process). */
const handlers = new WeakMap<DB, Handler>();
/** The effects a transaction opened by `work` has collected so far, by its transaction object. */
const pending = new WeakMap<object, Effect[]>();

/**
 * Where an app's after-commit effects go (app.ts registers it once, at start). An effect is data,
 * never a closure over the request that caused it, so a transaction body may run anywhere.
 */
export function handleEffects(db: DB, handler: Handler): void {
  handlers.set(db, handler);
}

async function dispatch(db: DB, effects: Effect[]): Promise<void> {
  if (effects.length === 0) return;
  // A store without a handler (a CLI, a migration) has no caches, streams or workers to tell.
  await handlers.get(rootOf(db))?.(effects);
}

/**
 * Records what must happen once the writes made through `db` are visible to every connection:
 * at once outside a transaction, after the commit inside one opened by `work` (never after a
 * rollback). Dropping a cache entry before the commit would let a parallel read on another
 * connection cache the old row again; telling a customer's stream before it would show nothing new.
 */
export function after(db: DB, effect: Effect): void {
  if (!db.isTransaction) {
    void dispatch(db, [effect]);
    return;
  }
  const effects = pending.get(db);
  if (!effects) throw new Error('after() needs a transaction opened by work()');
  effects.push(effect);
}

/**
 * For a write that committed on its own (one statement, no transaction): carries out its effects
 * now and resolves once they are done, so the caller answers after them as a transaction's would.
 */
export function committed(db: DB, effects: Effect[]): Promise<void> {
  if (db.isTransaction) throw new Error('committed() is for writes made outside a transaction');
  return dispatch(db, effects);
}

/**
 * The one way to open a transaction: runs `body` in it and, once it has committed, hands the
 * effects it recorded with `after` to the app. `shareCommit` (a short write on the request path,
 * such as placing an order) lets SQLite put it in one commit with the writes queued at the same
 * moment (GroupCommit); on PostgreSQL it changes nothing. Such a body must not wait on anything
 * but this database (no network): it holds the writer.
 */
export async function work<T>(db: DB, body: (tx: Tx) => Promise<T>, opts: { shareCommit?: boolean } = {}): Promise<T> {
  if (db.isTransaction) throw new Error('work() opens its own transaction; pass the root connection');
  const reqId = requestIdOf(db);
  if (opts.shareCommit && db.getExecutor().adapter instanceof SqliteAdapter) return groupOf(db).run(body, reqId);
  const effects: Effect[] = [];
  const result = await db.transaction().execute((tx) => {
    // The body's transaction acts for the request the handle did: the jobs it queues log its id.
    const own = actingFor(tx, reqId);
    pending.set(own, effects);
    return body(own);
  });
  await dispatch(db, effects);
  return result;
}

/**
 * A rule written as a plain function of a transaction, as a command that opens its own unit of
 * work: what a module's face gives its routes, so no route opens a transaction.
 */
export function command<A extends unknown[], R>(rule: (tx: DB, ...args: A) => Promise<R>) {
  return (db: DB, ...args: A): Promise<R> => work(db, (tx) => rule(tx, ...args));
}

type Job = {
  body: (tx: Tx) => Promise<unknown>;
  reqId: string | null;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
};

/** At most this many writes share one commit; a batch takes what queued while the last one committed. */
const GROUP_MAX = 64;

// Run around every order: compiled once rather than built by Kysely each time.
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT group_write');
const RELEASE = CompiledQuery.raw('RELEASE group_write');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO group_write');

/**
 * SQLite has one writer, and every COMMIT waits for an fsync of the WAL (~5 ms on this machine;
 * `synchronous=FULL`'s sync, made by the driver off the event loop: sqlite-synced-driver.ts), so
 * one transaction per order capped a store at ~200 orders/s and made the 200th waiting customer
 * wait for 199 fsyncs. Writes queued here share one transaction: each runs in its own SAVEPOINT
 * (one that throws is rolled back alone, with the effects it recorded, and its caller gets the
 * error), then one COMMIT makes the batch durable, and only then does any caller get an answer.
 * Durability is unchanged: nobody is told "done" before the fsync.
 */
class GroupCommit {
  readonly #db: DB;
  #queue: Job[] = [];
  #running = false;

  constructor(db: DB) {
    this.#db = db;
  }

  run<T>(body: (tx: Tx) => Promise<T>, reqId: string | null): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        body,
        reqId,
        settle: (o) => (o.ok ? resolve(o.value as T) : reject(o.error)),
      });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) {
        // Requests read in the same loop turn as the last batch's answers have not queued their
        // writes yet: let them reach the queue first, or every batch would hold one write.
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
    const effects: Effect[] = [];
    try {
      await this.#db.transaction().execute(async (tx) => {
        pending.set(tx, effects);
        for (const job of batch) {
          const mark = effects.length;
          await tx.executeQuery(SAVEPOINT);
          try {
            // Each body acts for its own request on the shared transaction: its jobs log that id.
            const own = actingFor(tx, job.reqId);
            pending.set(own, effects);
            const value = await job.body(own);
            await tx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await tx.executeQuery(ROLLBACK_TO);
            await tx.executeQuery(RELEASE);
            effects.length = mark;
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The batch did not commit: nobody's write happened.
      for (const job of batch) job.settle({ ok: false, error });
      return;
    }
    await dispatch(this.#db, effects);
    const turn = new Turn();
    for (const [i, job] of batch.entries()) {
      await turn.yieldWhenLong();
      job.settle(outcomes[i]!);
    }
  }
}

/** How long a batch's answers run before the event loop gets a turn. */
const TURN_MS = 0.5;

/**
 * A batch's 64 answers ran in one loop turn (10-20 ms), and Node accepts one new connection per
 * turn, so a customer connecting while others ordered waited for many such turns. The answers
 * now let the loop turn every half millisecond. The bodies do not: a transaction held open across
 * turns keeps SQLite's write lock so long that another process's writer (`npm run keys -- rotate`
 * under load) timed out waiting for it.
 */
class Turn {
  #start = performance.now();

  async yieldWhenLong(): Promise<void> {
    if (performance.now() - this.#start < TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.#start = performance.now();
  }
}

const groups = new WeakMap<DB, GroupCommit>();

function groupOf(db: DB): GroupCommit {
  const root = rootOf(db);
  let group = groups.get(root);
  if (!group) {
    group = new GroupCommit(root);
    groups.set(root, group);
  }
  return group;
}
