import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is affected by the writes of the current request (or worker job). Business code calls
 * `changed(userId)` inside its transaction; nothing is published then, because the transaction
 * may still roll back. The request's scope is flushed after the reply went out with a status
 * below 400 (events/hooks.ts), i.e. after commit. `null` means every customer (a store notice).
 */
export type ChangeScope = { users: Set<number | null> };

const storage = new AsyncLocalStorage<ChangeScope>();

export function changed(userId: number | null): void {
  storage.getStore()?.users.add(userId);
}

/** Runs `fn` (and what it continues asynchronously) collecting `changed` calls into `scope`. */
export function collectChanges<T>(scope: ChangeScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function newScope(): ChangeScope {
  return { users: new Set() };
}
