import { replaceSealed, sealedRowsAfter } from '../db/reseal-statements';
import type { DB } from '../db/database';
import type { Sealer } from './sealing';
import { work } from './unit-of-work';

/**
 * A table's sealed columns, declared by the module that owns the table (its face exports them)
 * so `npm run keys -- rotate` reseals every secret under the current key.
 */
export type SealedColumns = {
  table: string;
  columns: readonly string[];
  /** How a column's value is sealed again, when it holds several ciphertexts; `sealer.reseal` otherwise. */
  reseal?: Record<string, (sealer: Sealer, value: string) => string>;
};

export type ResealCount = {
  table: string;
  columns: readonly string[];
  /** Rows read that hold a sealed value. */
  rows: number;
  /** Values sealed by another key than the current one, that a key of the ring opens. */
  stale: number;
  resealed: number;
  /** Values no key of the ring opens (sealed by a key that is gone): left as they are. */
  unreadable: number;
  /** Rows changed between the read and the write: their change sealed them anew. */
  changedMeanwhile: number;
};

export type ResealOptions = {
  /** Rows read and written per transaction: small, so the store serving meanwhile never waits long. */
  batch: number;
  /** Pause between two batches, leaving the database to the store. */
  pauseMs: number;
  /** False: only count (`keys -- status`). */
  write: boolean;
};

/**
 * One pass over one table: batches in id order, each read, resealed in memory and written in a
 * short transaction of its own. Idempotent (a value already under the current key is left as it
 * is) and resumable (a pass stopped half-way is simply run again).
 */
export async function resealTable(
  db: DB,
  sealer: Sealer,
  spec: SealedColumns,
  opts: ResealOptions,
): Promise<ResealCount> {
  const count: ResealCount = {
    table: spec.table,
    columns: spec.columns,
    rows: 0,
    stale: 0,
    resealed: 0,
    unreadable: 0,
    changedMeanwhile: 0,
  };
  let afterId = 0;
  for (;;) {
    const rows = await sealedRowsAfter(db, spec.table, spec.columns, afterId, opts.batch);
    if (rows.length === 0) return count;
    afterId = rows[rows.length - 1]!.id;
    count.rows += rows.length;
    const changes: { id: number; values: { column: string; was: string; now: string }[] }[] = [];
    for (const row of rows) {
      const values: { column: string; was: string; now: string }[] = [];
      for (const column of spec.columns) {
        const was = row.values[column];
        if (!was) continue;
        let now: string;
        try {
          const custom = spec.reseal?.[column];
          now = custom ? custom(sealer, was) : sealer.reseal(was);
        } catch {
          count.unreadable += 1;
          continue;
        }
        if (now !== was) values.push({ column, was, now });
      }
      count.stale += values.length;
      if (values.length) changes.push({ id: row.id, values });
    }
    if (opts.write && changes.length) {
      await work(db, async (trx) => {
        for (const c of changes) {
          if (await replaceSealed(trx, spec.table, c.id, c.values)) count.resealed += c.values.length;
          else count.changedMeanwhile += 1;
        }
      });
    }
    if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
  }
}
