import type { DB } from '../../db/database';
import { work } from '../../kernel/unit-of-work';
import { lockUntil, summarize, summarizedUntil } from './summary-queries';

const DAY_MS = 86_400_000;

/**
 * Where the summaries stop: the UTC midnight at least two days back. Rows written today are never
 * older, so PostgreSQL's triggers skip every row of the last day without a lock (migration
 * 2026-11-26-12-dashboard-summaries); a caller's clock is never trusted ahead of this machine's.
 */
export function summaryHorizon(nowMs: number): string {
  const at = Math.min(nowMs, Date.now()) - 2 * DAY_MS;
  return new Date(Math.floor(at / DAY_MS) * DAY_MS).toISOString();
}

/**
 * Moves the summaries forward to the horizon when a day has passed (the first dashboard of the
 * day counts one day of rows), and answers where they stop. Two operators at once: the second
 * waits for the first's lock and finds it done.
 */
export async function summariesUpTo(db: DB, nowMs: number): Promise<string> {
  const horizon = summaryHorizon(nowMs);
  const until = await summarizedUntil(db);
  if (until >= horizon) return until;
  return work(db, async (trx) => {
    const locked = await lockUntil(trx);
    if (locked >= horizon) return locked;
    await summarize(trx, locked, horizon);
    return horizon;
  });
}
