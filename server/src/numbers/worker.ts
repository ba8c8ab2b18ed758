import { randomBytes } from 'node:crypto';
import { now } from '../lib/time';
import { claimDue, settle } from './repository';
import { LeaseLost, runStep, type StepContext } from './worker-steps';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The numbers worker, the same shape as delivery/forward-worker.ts: claims due purchases one at a
 * time with a lease and runs their step. Several instances may run one each against one database.
 * With `autoRun` off only `runDue` runs it (tests).
 */
export function createNumbersWorker(opts: Omit<StepContext, 'owner'>, autoRun: boolean) {
  const ctx: StepContext = { ...opts, owner: randomBytes(8).toString('hex') };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  async function drain(): Promise<void> {
    for (let n = 0; n < 100 && !stopped; n++) {
      const t = Date.now();
      const row = await claimDue(ctx.db, ctx.owner, iso(t), iso(t + ctx.settings.leaseMs));
      if (!row) return;
      try {
        await runStep(ctx, row);
      } catch (err) {
        if (err instanceof LeaseLost) continue;
        // A bug or a database hiccup: keep the purchase for later rather than stop the worker.
        ctx.log.error({ err, purchase: row.id }, 'numbers job failed');
        await settle(ctx.db, row.id, ctx.owner, { next_at: iso(Date.now() + ctx.settings.backoffMs), updated_at: now() }).catch(() => {});
      }
    }
  }

  function tick(): void {
    if (stopped || !autoRun) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((err) => ctx.log.error({ err }, 'numbers worker pass failed'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else timer = setTimeout(tick, ctx.settings.pollMs);
      });
  }

  return {
    start(): void {
      timer = setTimeout(tick, 0);
    },
    /** A purchase, cancel or resend was committed: look now instead of at the next poll. */
    wake: tick,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    runDue: () => drain(),
  };
}

export type NumbersWorker = ReturnType<typeof createNumbersWorker>;
