import { AsyncLocalStorage } from 'node:async_hooks';
import { Lru } from './lru';

/**
 * Which request a line of log belongs to, also when a background worker does the work that
 * request caused (forwarding its order, sending its webhooks, renting its number). A request runs
 * inside `context` with its id; code that queues a job for a subject notes `noteCause(key)` (e.g.
 * `order:12`) in the request's transaction; the worker runs that job inside `asJobOf(key)`, and
 * the logger's mixin adds the request's id to every line the job logs.
 *
 * The note lives in this instance's memory (an hour, at most 10,000 subjects, about 2 MB when
 * full): a job another instance takes, run after a restart or retried later logs its own ids
 * (orderId, delivery, purchase) without the reqId.
 */
const context = new AsyncLocalStorage<{ reqId: string; job: boolean }>();
const causes = new Lru<string, string>({ max: 10_000, ttlMs: 3600_000 });

/** Runs the rest of a request (Fastify's `done`) with its id in context. */
export function runRequest(reqId: string, rest: () => void): void {
  context.run({ reqId, job: false }, rest);
}

/** The request in whose context this runs; undefined in a worker's own pass, a CLI, a test. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}

/** The current request caused work on `key` (a subject such as `order:12`). */
export function noteCause(key: string): void {
  const reqId = currentRequestId();
  if (reqId) causes.set(key, reqId);
}

/** Runs a worker's job on `key` under the id of the request that caused it, if this instance knows it. */
export function asJobOf<T>(key: string | undefined, job: () => T): T {
  const reqId = key ? causes.peek(key) : undefined;
  return reqId ? context.run({ reqId, job: true }, job) : job();
}

/** The logger's mixin: a request's own lines carry Fastify's reqId already; a job's lines get it here. */
export function jobLogFields(): { reqId?: string } {
  const store = context.getStore();
  return store?.job ? { reqId: store.reqId } : {};
}
