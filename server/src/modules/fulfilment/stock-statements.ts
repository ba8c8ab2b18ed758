import { type Expression, type QueryCreator, sql } from 'kysely';
import type { Database, DB } from '../../db/database';
import { isPostgres } from '../../db/engine';

/**
 * A code counts as in stock while unsold and not past its expiry. `table` names product_codes
 * when the query gives it another name.
 */
export function sellable(t: string, table?: string) {
  const col = (c: string) => sql.ref(table ? `${table}.${c}` : c);
  return sql<boolean>`${col('status')} = 'available' and (${col('expires_at')} is null or ${col('expires_at')} > ${t})`;
}

/**
 * The codes a sale takes: the first `count` sellable codes of the product, the oldest upload
 * first. In the order of the index of available codes (`product_codes_sellable`), which no other
 * index gives: PostgreSQL's planner otherwise took the primary key for `order by id` and passed
 * every code sold before on each sale (docs/orders.md#stock-codes). On PostgreSQL they are
 * locked, skipping rows another buyer's transaction holds, so concurrent buyers take different
 * codes instead of queueing on the same ones; SQLite runs one writer at a time. Run as the CTE
 * `picked` that `markPickedSold` (or a one-statement sale) follows.
 */
export function pickCodes(db: DB, productId: number, count: number, t: string, from?: CodeKey) {
  return db
    .selectFrom('product_codes')
    .select(['id', 'code_enc', 'serial_enc'])
    .where('product_id', '=', productId)
    .where(sellable(t))
    .$if(from !== undefined, (q) => q.where(fromKey(from!)))
    .orderBy('created_at')
    .orderBy('id')
    .limit(count)
    .$if(isPostgres(db), (q) => q.forUpdate().skipLocked());
}

/** A code's place in the order sales take them (`product_codes_sellable`): its upload time, then its id. */
export type CodeKey = { at: string; id: number };

/**
 * Codes from `key` on, as a bound of the scan of `product_codes_sellable`: PostgreSQL keeps the
 * index entries of sold and deleted codes until a vacuum, and a scan from the product's first
 * entry steps over all of them (`stock-floor.ts`).
 */
function fromKey(key: CodeKey) {
  return sql<boolean>`(created_at, id) >= (${key.at}, ${key.id})`;
}

/**
 * Marks the codes of the CTE `picked` (or those `ids` lists) sold to the order, those still
 * available.
 */
export function markPickedSold(
  qc: Pick<QueryCreator<Database>, 'updateTable'>,
  orderId: number | Expression<number>,
  t: string,
  ids: Expression<number> = sql<number>`(select id from picked)`,
) {
  return qc
    .updateTable('product_codes')
    .set({ status: 'sold', order_id: orderId, sold_at: t })
    .where('id', 'in', ids)
    .where('status', '=', 'available');
}

/**
 * Sellable codes of the product, counted only up to `cap`: after each sale we need to know
 * whether the stock is at or below its threshold (or empty), not how many thousands remain.
 * In the order a sale picks them: the index of available codes then serves it, where a scan of
 * the table would first pass every code sold before.
 */
export function sellableUpToExpr(productId: number, cap: number, t: string, from?: CodeKey) {
  const after = from ? sql` and ${fromKey(from)}` : sql``;
  return sql<number>`(select count(*) from (
      select 1 from product_codes where product_id = ${productId} and ${sellable(t)}${after}
      order by created_at, id limit ${cap}
    ) as left_codes)`;
}
