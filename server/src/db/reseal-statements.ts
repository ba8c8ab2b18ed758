import { sql } from 'kysely';
import type { DB } from './database';

/**
 * The statements `npm run keys -- rotate` reseals with, for any table whose sealed columns a
 * module declares (kernel/resealing.ts). Tables and columns come from those declarations, never
 * from input.
 */
export type SealedRow = { id: number; values: Record<string, string | null> };

/** The next rows past `afterId` holding at least one sealed value, in id order. */
export async function sealedRowsAfter(
  db: DB,
  table: string,
  columns: readonly string[],
  afterId: number,
  limit: number,
): Promise<SealedRow[]> {
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const held = sql.join(
    columns.map((c) => sql`${sql.ref(c)} is not null`),
    sql` or `,
  );
  const { rows } = await sql<Record<string, string | null>>`select id, ${cols} from ${sql.table(table)}
    where id > ${afterId} and (${held}) order by id limit ${limit}`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), values: r }));
}

/**
 * Writes the resealed values only where the row still holds what was read: a value changed
 * meanwhile (a webhook secret rotated, an order's codes delivered) was sealed under the current
 * key by the change itself, and is left alone. False when the row was changed.
 */
export async function replaceSealed(
  trx: DB,
  table: string,
  id: number,
  values: { column: string; was: string; now: string }[],
): Promise<boolean> {
  const sets = sql.join(values.map((v) => sql`${sql.ref(v.column)} = ${v.now}`));
  const held = values.map((v) => sql` and ${sql.ref(v.column)} = ${v.was}`);
  const result = await sql`update ${sql.table(table)} set ${sets} where id = ${id}${sql.join(held, sql``)}`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}
