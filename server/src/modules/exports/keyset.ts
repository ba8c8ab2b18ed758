import type { Range } from '../dashboard';

/** Rows fetched per query: big enough to keep the database busy, small enough to stay flat. */
export const BATCH = 1_000;

export type Keyed = { id: number; created_at: string };
export type Cursor = { created_at: string; id: number } | null;

/**
 * Yields every row of a range in time order, one batch of BATCH rows in memory at a time. The
 * cursor is (created_at, id), both indexed, so each batch starts where the last ended instead of
 * skipping an offset; a row written during the export after the cursor is included, none twice.
 */
export async function* keysetRows<T extends Keyed>(
  range: Range,
  fetch: (after: Cursor, limit: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let after: Cursor = null;
  for (;;) {
    const rows = await fetch(after, BATCH);
    for (const row of rows) yield row;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
    if (last.created_at >= range.end) return;
  }
}
