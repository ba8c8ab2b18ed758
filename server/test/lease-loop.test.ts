import { describe, expect, it } from 'vitest';
import { createLeaseLoop } from '../src/kernel/lease-worker';

// The jobs kit runs several jobs at once with a cap per owner. A pass ends only when nothing is
// left to claim, not when a claim that skipped a busy owner found nothing.

type Job = { id: number; owner: string };

function loopOver(jobs: Job[], opts: { concurrency: number; perOwner: number; slowClaimWhenFull?: boolean }) {
  const queue = [...jobs];
  const ran: number[] = [];
  let running = 0;
  let maxRunning = 0;
  let finished: (() => void) | null = null;
  const loop = createLeaseLoop<Job>({
    pollMs: 60_000,
    autoRun: false,
    concurrency: opts.concurrency,
    perOwner: opts.perOwner,
    ownerOf: (job) => job.owner,
    async claim(_passStart, fullOwners) {
      // A claim that skips a busy owner and returns while that owner's job ends (a slow query).
      if (opts.slowClaimWhenFull && fullOwners.length && running)
        await new Promise<void>((resolve) => {
          finished = () => setTimeout(resolve, 1);
        });
      const at = queue.findIndex((j) => !fullOwners.includes(j.owner));
      return at < 0 ? undefined : queue.splice(at, 1)[0];
    },
    async run(job) {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((r) => setTimeout(r, 5));
      ran.push(job.id);
      running--;
      finished?.();
      finished = null;
    },
    isLeaseLost: () => false,
    failed: async () => {},
    logPassError: () => {},
  });
  return { loop, ran, maxRunning: () => maxRunning };
}

describe('the jobs kit', () => {
  it('runs every due job in one pass even when a claim skipped an owner whose job then ended', async () => {
    const jobs = [1, 2, 3, 4].map((id) => ({ id, owner: 'a' }));
    const { loop, ran, maxRunning } = loopOver(jobs, { concurrency: 4, perOwner: 1, slowClaimWhenFull: true });
    await loop.runDue();
    expect(ran).toEqual([1, 2, 3, 4]);
    expect(maxRunning()).toBe(1);
  });

  it('keeps one owner to its share while others run', async () => {
    const jobs = [...[1, 2, 3, 4, 5, 6].map((id) => ({ id, owner: 'busy' })), { id: 7, owner: 'other' }];
    const { loop, ran, maxRunning } = loopOver(jobs, { concurrency: 3, perOwner: 2 });
    await loop.runDue();
    expect([...ran].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The other owner's job went in the first round, beside two of the busy owner's.
    expect(ran.indexOf(7)).toBeLessThan(3);
    expect(maxRunning()).toBe(3);
  });

  it('takes work committed while a claim was on its way, without waiting for a slow job', async () => {
    type Timed = Job & { dueAt: number };
    const queue: Timed[] = [{ id: 1, owner: 'slow', dueAt: 0 }];
    const ran: number[] = [];
    let release: () => void = () => {};
    const slowDone = new Promise<void>((r) => {
      release = r;
    });
    let woke = false;
    const loop = createLeaseLoop<Timed>({
      pollMs: 60_000,
      autoRun: true,
      concurrency: 2,
      perOwner: 1,
      ownerOf: (job) => job.owner,
      async claim(passStart, fullOwners) {
        const at = queue.findIndex((j) => j.dueAt <= passStart && !fullOwners.includes(j.owner));
        const job = at < 0 ? undefined : queue.splice(at, 1)[0];
        // Another customer's work is committed while this claim is still on its way.
        if (!job && !woke) {
          woke = true;
          await new Promise((r) => setTimeout(r, 2));
          queue.push({ id: 2, owner: 'other', dueAt: Date.now() });
          loop.wake();
        }
        return job;
      },
      async run(job) {
        if (job.owner === 'slow') await slowDone;
        ran.push(job.id);
      },
      isLeaseLost: () => false,
      failed: async () => {},
      logPassError: () => {},
    });
    loop.start();
    const deadline = Date.now() + 2000;
    while (!ran.includes(2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(ran).toEqual([2]);
    release();
    await loop.stop();
    expect(ran).toEqual([2, 1]);
  });
});
