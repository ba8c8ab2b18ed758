import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database';
import { deliverDueTestOrders } from './service';

export type TestOrderWorker = { start(): void; stop(): Promise<void> };

/**
 * Delivers "later" test orders when their delay has passed. Every instance may run it: a
 * delivery is a conditional update, so only one instance sends each order's event.
 */
export function createTestOrderWorker(deps: { db: DB; pollMs: number; log: FastifyBaseLogger }): TestOrderWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = deliverDueTestOrders(deps.db).catch((err: unknown) =>
      deps.log.warn({ err }, 'test orders: delivering due orders failed'),
    );
  };
  return {
    start() {
      timer ??= setInterval(tick, deps.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
