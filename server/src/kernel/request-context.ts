import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/database';

/**
 * Which request a line of log belongs to, also when a background worker does the work that
 * request caused (forwarding its order, sending its webhooks and pushes, renting its number). A
 * route works through `request.db`, a handle of the store's database acting for the request (the
 * same pool and connections); a transaction opened through it (unit-of-work.ts) knows the
 * request's id, and code that queues a job stores `requestIdOf(trx)` in the job's row (`req_id`).
 * The worker runs that job with `asJobOf(ctx, row.req_id)`: a handle acting for that request and a
 * logger whose every line carries its id. Kept with the row, the id holds whichever instance takes
 * the job, after a restart and on a retry days later.
 *
 * Passed along as data, not carried by an AsyncLocalStorage: on Node 20 one in use runs a hook
 * on every promise and tick of every request, and an order makes ~240 promises (18% of a SQLite
 * order's CPU; docs/performance.md#the-requests-id-is-passed-not-carried).
 */
const requestIds = new WeakMap<DB, string>();
const roots = new WeakMap<DB, DB>();

/** `db` acting for the request `reqId`: the same connections, and transactions that know the id. */
export function actingFor<D extends DB>(db: D, reqId: string | null | undefined): D {
  if (!reqId) return db;
  // A new Kysely (or Transaction) on the same executor: no plugin, no connection of its own.
  const handle = db.withTables() as unknown as D;
  requestIds.set(handle, reqId);
  if (!db.isTransaction) roots.set(handle, rootOf(db));
  return handle;
}

/** The store's own handle behind one acting for a request: what its per-store state is kept by. */
export function rootOf(db: DB): DB {
  return roots.get(db) ?? db;
}

/** The request this handle or transaction acts for; null in a worker's own pass, a CLI, a test. */
export function requestIdOf(db: DB): string | null {
  return requestIds.get(db) ?? null;
}

/** A worker's context for one job: its database and its log lines act for the request that queued it. */
export function asJobOf<C extends { db: DB; log: FastifyBaseLogger }>(ctx: C, reqId: string | null | undefined): C {
  return reqId ? { ...ctx, db: actingFor(ctx.db, reqId), log: ctx.log.child({ reqId }) } : ctx;
}
