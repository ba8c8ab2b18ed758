import type { FastifyInstance } from 'fastify';
import { warnLowStockAfterSale } from './modules/fulfilment';
import type { Effect } from './kernel/effects';

/**
 * Carries out the after-commit effects of this app's transactions (kernel/unit-of-work.ts): the
 * only place that drops caches, tells event streams and wakes workers because data changed.
 * Never throws: the writes are committed, and a customer who paid is never told otherwise.
 */
export function carryOutEffects(app: FastifyInstance) {
  return async (effects: Effect[]): Promise<void> => {
    const users = new Set<number | null>();
    const wake = new Set<'forwarder' | 'numbers' | 'push'>();
    let readsStale = false;
    const stockLow: Array<Extract<Effect, { kind: 'stock-low' }>> = [];
    for (const e of effects) {
      switch (e.kind) {
        case 'users-changed':
          for (const u of e.users) users.add(u);
          break;
        case 'reads-stale':
          readsStale = true;
          break;
        case 'wake':
          wake.add(e.worker);
          break;
        case 'sessions-stale':
          app.caches.sessions.forget(
            (s) =>
              (e.sessionId === undefined || s.sessionId === e.sessionId) &&
              (e.userId === undefined || s.id === e.userId) &&
              s.sessionId !== e.exceptSessionId,
          );
          break;
        case 'stock-low':
          stockLow.push(e);
          break;
      }
    }
    if (readsStale) app.caches.invalidateReads();
    // A notice queued pushes: the push worker sends them now rather than at its next poll.
    if (users.size > 0) wake.add('push');
    if (wake.has('forwarder')) app.forwarder.wake();
    if (wake.has('numbers')) app.numbersWorker.wake();
    if (wake.has('push')) app.pushWorker.wake();
    if (users.size > 0) void app.events.publish([...users]);
    for (const low of stockLow)
      await warnLowStockAfterSale(app.db, low.productId, low.left).catch((err: unknown) =>
        app.log.error({ err }, 'low-stock warning not written'),
      );
  };
}
