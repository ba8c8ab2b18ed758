import { describe, expect, it } from 'vitest';
import { changed } from '../src/events/changes';
import { createLeaseLoop } from '../src/lib/lease-worker';

/** A worker's job that changes a customer's order is told to the event streams after the job returned. */
describe('changes made by background workers', () => {
  it('reports the users a job changed once it returned, and nothing for a job that failed', async () => {
    const jobs = [
      { id: 1, users: [7], fail: false },
      { id: 2, users: [8], fail: true },
      { id: 3, users: [], fail: false },
    ];
    const seen: (number | null)[][] = [];
    const loop = createLeaseLoop<(typeof jobs)[number]>({
      pollMs: 1000,
      autoRun: false,
      claim: async () => jobs.shift(),
      run: async (job) => {
        await new Promise((r) => setTimeout(r, 5));
        for (const u of job.users) changed(u);
        expect(seen).toEqual([]);
        if (job.fail) throw new Error('rolled back');
      },
      failed: async () => {},
      isLeaseLost: () => false,
      logPassError: () => {},
    });
    loop.onChanges((users) => seen.push(users));
    await loop.runDue();
    expect(seen).toEqual([[7]]);
  });
});
