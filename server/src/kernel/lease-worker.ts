/**
 * The loop of an in-process worker over a table of leased jobs (delivery/forward-worker.ts,
 * numbers/worker.ts): drains due jobs one at a time, then sleeps `pollMs`; `wake` looks at once.
 * A failing job never stops the loop. With `autoRun` off only `runDue` runs it (tests).
 */
export type LeaseLoop<J> = {
  pollMs: number;
  autoRun: boolean;
  /**
   * Takes the next due job with a lease, or undefined. `passStart` (ms) is when this pass began:
   * a claim that takes only jobs due by then runs each job at most once a pass, so a failing job
   * waits for its back-off instead of being retried within the same pass.
   */
  claim(passStart: number): Promise<J | undefined>;
  run(job: J): Promise<void>;
  /** A job that threw something else than a lost lease: log it and put it off. */
  failed(job: J, err: unknown): Promise<void>;
  /** The lease was lost to another worker: skip silently. */
  isLeaseLost(err: unknown): boolean;
  logPassError(err: unknown): void;
};

export function createLeaseLoop<J>(loop: LeaseLoop<J>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  async function drain(): Promise<void> {
    const passStart = Date.now();
    for (let n = 0; n < 100 && !stopped; n++) {
      const job = await loop.claim(passStart);
      if (!job) return;
      try {
        // What a job's writes change leaves through its transactions' after-commit effects.
        await loop.run(job);
      } catch (err) {
        if (loop.isLeaseLost(err)) continue;
        await loop.failed(job, err);
      }
    }
  }

  function tick(): void {
    if (stopped || !loop.autoRun) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((err) => loop.logPassError(err))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else timer = setTimeout(tick, loop.pollMs);
      });
  }

  return {
    start(): void {
      timer = setTimeout(tick, 0);
    },
    /** New work was committed: look now instead of at the next poll. */
    wake: tick,
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    /** Runs every due job once (tests, and a manual nudge). */
    runDue: () => drain(),
  };
}
