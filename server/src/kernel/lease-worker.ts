import { isoAt } from './time';

/**
 * The loop of an in-process worker over a table of leased jobs (delivery/forward-worker.ts,
 * numbers/worker.ts, the push sender): drains due jobs, `concurrency` at a time (one by default)
 * and at most `perOwner` of one owner at once, then sleeps `pollMs`; `wake` looks at once, also
 * while slow jobs are still running. A failing job never stops the loop. With `autoRun` off only
 * `runDue` runs it (tests).
 */
export type LeaseLoop<J> = {
  pollMs: number;
  autoRun: boolean;
  /**
   * Takes the next due job with a lease, or undefined. `passStart` (ms) is when this pass began:
   * a claim that takes only jobs due by then runs each job at most once a pass, so a failing job
   * waits for its back-off instead of being retried within the same pass.
   */
  claim(passStart: number, fullOwners: string[]): Promise<J | undefined>;
  /**
   * Jobs run at once (default 1). With more, `ownerOf` and `perOwner` keep one owner (a customer)
   * from taking every slot: `claim` is told which owners are at their cap and must skip their jobs.
   */
  concurrency?: number;
  ownerOf?(job: J): string;
  perOwner?: number;
  /** Runs the job; a worker runs it `asJobOf` the request that queued it (kernel/request-context.ts). */
  run(job: J): Promise<void>;
  /** A job that threw something else than a lost lease: log it and put it off. */
  failed(job: J, err: unknown): Promise<void>;
  /** The lease was lost to another worker: skip silently. */
  isLeaseLost(err: unknown): boolean;
  logPassError(err: unknown): void;
};

/** What a pass's claim takes: jobs due by the pass's start whose lease is free now. */
export type LeaseWindow = { dueBy: string; now: string; leaseUntil: string };

/** The window of a claim made now, in the pass that began at `passStart`, leasing for `leaseMs`. */
export function leaseWindow(passStart: number, leaseMs: number): LeaseWindow {
  const t = Date.now();
  return { dueBy: isoAt(passStart), now: isoAt(t), leaseUntil: isoAt(t + leaseMs) };
}

/**
 * The limits of a worker that calls customers' own services (webhook receivers, push services):
 * sends in flight at once, and at most two of one customer's, so that a slow or dead receiver
 * holds its owner's share and nobody else waits behind it.
 */
export const perCustomerSends = {
  concurrency: 8,
  perOwner: 2,
  ownerOf: (job: { user_id: number }) => String(job.user_id),
};

export function createLeaseLoop<J>(loop: LeaseLoop<J>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  let again = false;

  let wakeDuringPass: (() => void) | null = null;
  // New work was committed during this pass (possibly while a claim was on its way): look again
  // with a fresh pass start, or a job committed after it would wait for the next poll.
  let woken = false;
  const concurrency = loop.concurrency ?? 1;
  const perOwner = loop.perOwner ?? Number.POSITIVE_INFINITY;

  async function attempt(job: J): Promise<void> {
    try {
      // What a job's writes change leaves through its transactions' after-commit effects.
      await loop.run(job);
    } catch (err) {
      if (loop.isLeaseLost(err)) return;
      await loop.failed(job, err);
    }
  }

  async function drain(): Promise<void> {
    let passStart = Date.now();
    const inFlight = new Set<Promise<void>>();
    const owners = new Map<string, number>();
    let started = 0;
    while (started < 100 && !stopped) {
      if (woken) {
        woken = false;
        passStart = Date.now();
      }
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      const full = [...owners].filter(([, n]) => n >= perOwner).map(([owner]) => owner);
      const job = await loop.claim(passStart, full);
      if (!job) {
        // Nothing running: done, unless this claim skipped owners whose jobs have ended meanwhile.
        if (!inFlight.size) {
          if (full.length) continue;
          break;
        }
        if (woken) continue;
        // Slow jobs are running: look again when one ends, or at once when new work is committed.
        await Promise.race([...inFlight, new Promise<void>((resolve) => (wakeDuringPass = resolve))]);
        wakeDuringPass = null;
        continue;
      }
      started++;
      const owner = loop.ownerOf?.(job);
      if (owner !== undefined) owners.set(owner, (owners.get(owner) ?? 0) + 1);
      const run: Promise<void> = attempt(job).finally(() => {
        inFlight.delete(run);
        if (owner !== undefined) owners.set(owner, (owners.get(owner) ?? 1) - 1);
      });
      inFlight.add(run);
    }
    await Promise.all(inFlight);
  }

  function tick(): void {
    if (stopped || !loop.autoRun) return;
    if (running) {
      again = true;
      woken = true;
      wakeDuringPass?.();
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
      started = true;
      timer = setTimeout(tick, 0);
    },
    /** What /readyz reports: polling, turned off (autoRun off: another instance or a test runs it), or stopped. */
    state(): 'running' | 'off' | 'stopped' {
      if (!loop.autoRun) return 'off';
      return started && !stopped ? 'running' : 'stopped';
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
