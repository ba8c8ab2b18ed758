/**
 * When a failed delivery is tried again: 5 s, 30 s, 2 min, 10 min, 1 h, then every 3 h, each
 * ±20% so endpoints that failed together do not all come back at once, for 24 h from the event.
 * `firstStepMs` (WEBHOOK_BACKOFF_MS, 5 s) scales the whole schedule, the 24 h with it (tests).
 */
const STEPS = [1, 6, 24, 120, 720, 2160];
const GIVE_UP_AFTER = 17_280;

/** The wait after the `failures`-th failed attempt (1-based), before jitter. */
export function backoffStep(firstStepMs: number, failures: number): number {
  return firstStepMs * STEPS[Math.min(failures, STEPS.length) - 1]!;
}

export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}

/** How long after its event a delivery is still retried. */
export function retryWindowMs(firstStepMs: number): number {
  return firstStepMs * GIVE_UP_AFTER;
}
