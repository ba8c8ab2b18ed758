import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDriver } from './sqlite-driver';

/** What the server's SQLite connection tells its checkpointer, and how it stops it. */
export type Checkpoints = { committed(): void; close(): Promise<void> };

/** The commit that fills the WAL this far checkpoints it itself, on the event loop: the backstop. */
const BACKSTOP_PAGES = 10_000;
/** SQLite's own default, given back when the worker cannot run. */
const SQLITE_DEFAULT_PAGES = 1_000;

/**
 * SQLite's checkpoints run in a worker thread, not inside a commit on the event loop.
 *
 * A checkpoint copies the WAL's pages into the database file and syncs both. SQLite runs one
 * inside the COMMIT that fills the WAL to 1,000 pages, on the event loop: under 200 buyers, 21
 * commits of ~20,000 stopped the loop for over 5 ms (the longest 25 ms). Here a worker with its
 * own connection runs a PASSIVE checkpoint (it waits for no reader or writer) at most every
 * `everyMs` while commits come, and the server's own automatic checkpoint is raised to 10,000
 * pages as a backstop: a checkpoint beside a writer that never pauses may never catch up with it
 * (the WAL restarts from its start only after a checkpoint that copied it all), and that commit's
 * checkpoint then finds most pages already copied. The worker starts with the first commit and
 * ends after `idleMs` without one (a thread's few MB are not kept by an idle store); if it cannot
 * run, the commits checkpoint as SQLite does by default.
 */
export function checkpointBesideLoop(
  sqlite: BetterSqlite3.Database,
  file: string,
  { everyMs = 500, idleMs = 60_000 }: { everyMs?: number; idleMs?: number } = {},
): Checkpoints {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let worker: Worker | null = null;
  let closing: Promise<void> | null = null;
  let failed = false;
  /** Commits the last checkpoint asked for may not have seen. */
  let dirty = false;
  let asked = false;
  let timer: NodeJS.Timeout | null = null;
  let idle: NodeJS.Timeout | null = null;

  const stop = (): Promise<void> => {
    const w = worker;
    worker = null;
    asked = false;
    if (!w) return Promise.resolve();
    return new Promise((resolve) => {
      w.once('exit', () => resolve());
      // Held until its connection is closed: closing last, the server's connection removes the WAL.
      w.ref();
      w.postMessage('close');
    });
  };

  const giveBack = (why: string) => {
    if (failed || closing) return;
    failed = true;
    if (timer) clearTimeout(timer);
    if (idle) clearTimeout(idle);
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_PAGES}`);
    process.emitWarning(`SQLite's checkpoints run inside commits again: the checkpoint worker failed (${why})`);
    const w = worker;
    worker = null;
    void w?.terminate();
  };

  const start = (): Worker => {
    const w = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: { file, driver: sqliteDriver.name },
      // Plain JavaScript: none of the server's own flags (a loader, a profiler) is needed there.
      execArgv: [],
    });
    // A store that is shutting down does not wait for its next checkpoint.
    w.unref();
    w.on('message', (reply: { ok: boolean; message?: string }) => {
      if (w !== worker) return;
      asked = false;
      if (!reply.ok) return giveBack(reply.message ?? 'no reason given');
      if (dirty) schedule();
      else idle = setTimeout(() => void stop(), idleMs).unref();
    });
    w.on('error', (error) => w === worker && giveBack(error.message));
    w.on('exit', (code) => w === worker && giveBack(`it exited with code ${code}`));
    return w;
  };

  const tick = () => {
    timer = null;
    if (!dirty || asked || failed || closing) return;
    dirty = false;
    asked = true;
    worker ??= start();
    worker.postMessage('checkpoint');
  };

  const schedule = () => {
    timer ??= setTimeout(tick, everyMs).unref();
  };

  return {
    committed() {
      if (failed || closing) return;
      dirty = true;
      if (idle) {
        clearTimeout(idle);
        idle = null;
      }
      if (!asked) schedule();
    },
    close() {
      if (timer) clearTimeout(timer);
      if (idle) clearTimeout(idle);
      closing ??= stop();
      return closing;
    },
  };
}
