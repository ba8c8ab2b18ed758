import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which request a line of log belongs to, also when a background worker does the work that
 * request caused (forwarding its order, sending its webhooks and pushes, renting its number). A
 * request runs inside `context` with its id; code that queues a job stores `currentRequestId()`
 * in the job's row (`req_id`); the worker runs that job inside `asJobOf(row.req_id)`, and the
 * logger's mixin adds the request's id to every line the job logs. Kept with the row, the id
 * holds whichever instance takes the job, after a restart and on a retry days later.
 */
const context = new AsyncLocalStorage<{ reqId: string; job: boolean }>();

/** Runs the rest of a request (Fastify's `done`) with its id in context. */
export function runRequest(reqId: string, rest: () => void): void {
  context.run({ reqId, job: false }, rest);
}

/**
 * `fn` bound to the context it is made in: called from anywhere (another request's batch, a timer),
 * it runs with this request's id, or with none when made outside any. It does for this one
 * context what `AsyncResource.bind` does for all, at ~0.1 µs a call where `bind` costs ~11 µs
 * (a new async resource, and two deprecation wrappers for a property nobody reads), which is
 * every write on SQLite's group commit.
 */
export function boundToContext<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const store = context.getStore();
  return store ? (...args) => context.run(store, fn, ...args) : (...args) => context.exit(fn, ...args);
}

/** The request in whose context this runs; undefined in a worker's own pass, a CLI, a test. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

/** Runs a worker's job under the id of the request that queued it, when one did. */
export function asJobOf<T>(reqId: string | null | undefined, job: () => T): T {
  return reqId ? context.run({ reqId, job: true }, job) : job();
}

/** The logger's mixin: a request's own lines carry Fastify's reqId already; a job's lines get it here. */
export function jobLogFields(): { reqId?: string } {
  const store = context.getStore();
  return store?.job ? { reqId: store.reqId } : {};
}
