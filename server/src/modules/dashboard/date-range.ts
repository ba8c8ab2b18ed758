import type { DateRangeQuery } from '@raseed/contract';

const DAY_MS = 86_400_000;

/** A range of whole local days as the UTC instants stored rows are compared with. */
export type Range = { from: string; to: string; tz: number; start: string; end: string; days: string[] };

/**
 * Turns `from`/`to` (local days, both included) and `tz` (minutes east of UTC) into a
 * half-open UTC interval [start, end) over the ISO text timestamps; without dates, the last
 * 7 days up to today in that zone.
 */
export function readRange(q: DateRangeQuery, nowMs = Date.now()): Range {
  const today = new Date(nowMs + q.tz * 60_000).toISOString().slice(0, 10);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? new Date(Date.parse(to) - 6 * DAY_MS).toISOString().slice(0, 10);
  const shift = q.tz * 60_000;
  const first = Date.parse(`${from}T00:00:00Z`);
  const last = Date.parse(`${to}T00:00:00Z`);
  const days: string[] = [];
  for (let d = first; d <= last; d += DAY_MS) days.push(new Date(d).toISOString().slice(0, 10));
  return {
    from,
    to,
    tz: q.tz,
    start: new Date(first - shift).toISOString(),
    end: new Date(last + DAY_MS - shift).toISOString(),
    days,
  };
}
