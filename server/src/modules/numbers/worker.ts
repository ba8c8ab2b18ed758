import { randomBytes } from 'node:crypto';
import { createLeaseLoop } from '../../kernel/lease-worker';
import { asJobOf } from '../../kernel/request-context';
import { isoAt, now } from '../../kernel/time';
import { syncIfStale } from './price-sync';
import { type ActivationRow, claimDue, settle } from './repository';
import { LeaseLost, runStep, type StepContext } from './worker-steps';

/**
 * The numbers worker, on the same loop as delivery/forward-worker.ts: claims due purchases one at
 * a time with a lease and runs their step. Several instances may run one each against one
 * database. With `autoRun` off only `runDue` runs it (tests).
 */
export function createNumbersWorker(opts: Omit<StepContext, 'owner'>, autoRun: boolean) {
  const ctx: StepContext = { ...opts, owner: randomBytes(8).toString('hex') };
  const loop = createLeaseLoop<ActivationRow>({
    pollMs: ctx.settings.pollMs,
    autoRun,
    claim: () => {
      const t = Date.now();
      return claimDue(ctx.db, ctx.owner, isoAt(t), isoAt(t + ctx.settings.leaseMs));
    },
    run: (row) => runStep(asJobOf(ctx, row.req_id), row),
    isLeaseLost: (err) => err instanceof LeaseLost,
    // A bug or a database hiccup: keep the purchase for later rather than stop the worker.
    failed: async (row, err) => {
      asJobOf(ctx, row.req_id).log.error({ err, purchase: row.id }, 'numbers job failed');
      await settle(ctx.db, row.id, ctx.owner, {
        next_at: isoAt(Date.now() + ctx.settings.backoffMs),
        updated_at: now(),
      }).catch(() => {});
    },
    logPassError: (err) => ctx.log.error({ err }, 'numbers worker pass failed'),
  });
  const syncPrices = () => syncIfStale(ctx.db, ctx.pool, ctx.settings.syncMs, ctx.log);
  let syncTimer: NodeJS.Timeout | undefined;
  return {
    ...loop,
    start(): void {
      loop.start();
      // Availability shown to customers follows the provider; checked a tenth as often as it may age.
      if (autoRun)
        syncTimer = setInterval(() => void syncPrices(), Math.max(1000, Math.floor(ctx.settings.syncMs / 10)));
    },
    async stop(): Promise<void> {
      clearInterval(syncTimer);
      await loop.stop();
    },
    /** Reads the price list again if the last read is older than NUMBERS_SYNC_MS (tests call it directly). */
    syncPrices,
  };
}

export type NumbersWorker = ReturnType<typeof createNumbersWorker>;
