import type { FastifyInstance } from 'fastify';
import { warnLowStockAfterSale } from './modules/fulfilment';
import type { Effect, WorkerName } from './kernel/effects';
import { actingFor } from './kernel/request-context';

/**
 * Carries out the after-commit effects of this app's transactions (kernel/unit-of-work.ts): the
 * only place that drops caches, tells event streams and wakes workers because data changed.
 * Never throws: the writes are committed, and a customer who paid is never told otherwise.
 */
export function carryOutEffects(app: FastifyInstance) {
  return async (effects: Effect[]): Promise<void> => {
    const users = new Set<number | null>();
    const wake = new Set<WorkerName>();
    let readsStale = false;
    const stockLow: Array<Extract<Effect, { kind: 'stock-low' }>> = [];
    const streamChecks: Promise<void>[] = [];
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
        case 'sessions-stale': {
          const hit = (userId: number, sessionId: number | null) =>
            (e.sessionId === undefined || sessionId === e.sessionId) &&
            (e.userId === undefined || userId === e.userId) &&
            sessionId !== e.exceptSessionId;
          app.caches.sessions.forget((s) => hit(s.id, s.sessionId));
          // A signed-out or revoked session's open streams end now (a confirmation keeps them).
          streamChecks.push(app.streams.recheck((s) => hit(s.userId, s.sessionId)));
          break;
        }
        case 'api-keys-stale':
          app.caches.apiKeys.forget(
            (k) => (e.keyId === undefined || k.keyId === e.keyId) && (e.userId === undefined || k.userId === e.userId),
          );
          break;
        case 'storefronts-stale':
          app.caches.storefronts.forget();
          break;
        case 'stock-low':
          stockLow.push(e);
          break;
        case 'mail':
          // Sent in the background: a slow relay never holds a reply (the forgot-password one
          // is already out), and a failure is logged, never shown.
          void app.mailer.send(e.message).catch((err: unknown) => app.log.error({ err }, 'mail not sent'));
          break;
      }
    }
    if (readsStale) app.caches.invalidateReads();
    if (wake.has('forwarder')) app.forwarder.wake();
    if (wake.has('numbers')) app.numbersWorker.wake();
    if (wake.has('push')) app.pushWorker.wake();
    if (wake.has('webhooks')) app.webhooks.wake();
    if (users.size > 0) void app.events.publish([...users]);
    await Promise.all(streamChecks);
    for (const low of stockLow)
      await warnLowStockAfterSale(actingFor(app.db, low.reqId), low.productId, low.left).catch((err: unknown) =>
        app.log.error({ err }, 'low-stock warning not written'),
      );
  };
}
