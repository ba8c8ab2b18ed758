import { sql } from 'kysely';

/**
 * Rows are grouped in SQL by the UTC hour of their ISO text timestamp (a plain substring, same on
 * both engines and no date parsing per row), then each bucket is moved to the operator's zone
 * here. A zone a half hour off (+5:30) groups by 10 minutes ("…T10:3") and one 45 minutes off
 * (+5:45) by minute, so a bucket never straddles two local hours.
 */
export function utcBucket(column: string, tz: number) {
  const length = tz % 60 === 0 ? 13 : tz % 30 === 0 ? 15 : 16;
  return sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(length)})`;
}

const SUFFIX: Record<number, string> = { 13: ':00:00Z', 15: '0:00Z', 16: ':00Z' };

/** A bucket's local day (YYYY-MM-DD) and hour (0–23) in a zone `tz` minutes east of UTC. */
export function localOf(bucket: string, tz: number): { day: string; hour: number } {
  const utc = Date.parse(bucket + SUFFIX[bucket.length]);
  const local = new Date(utc + tz * 60_000).toISOString();
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}
