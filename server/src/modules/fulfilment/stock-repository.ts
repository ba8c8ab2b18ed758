import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { DB, ProductCodesTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { type CodeKey, markPickedSold, pickCodes, sellable, sellableUpToExpr } from './stock-statements';

export async function stockCounts(db: DB, productId: number, t: string): Promise<{ available: number; sold: number }> {
  const row = await db
    .selectFrom('product_codes')
    .select([
      sql<number>`coalesce(sum(case when ${sellable(t)} then 1 else 0 end), 0)`.as('available'),
      sql<number>`coalesce(sum(case when status = 'sold' then 1 else 0 end), 0)`.as('sold'),
    ])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { available: Number(row.available), sold: Number(row.sold) };
}

/**
 * Sellable codes left, counted only up to `cap`: after each sale we need to know whether the
 * stock is at or below its threshold (or empty), not how many thousands remain.
 */
export async function sellableUpTo(db: DB, productId: number, cap: number, t: string): Promise<number> {
  const row = await countSellable(db, { productId, cap, t });
  return Number(row.rows[0]?.n ?? 0);
}

// A sale runs these on every purchase from stock: built once, then only re-filled (db/query-template.ts).
const countSellable = queryTemplate(['productId', 'cap', 't'], (db, v: { productId: number; cap: number; t: string }) =>
  db.selectNoFrom(sellableUpToExpr(v.productId, v.cap, v.t).as('n')),
);

const claimTemplate = queryTemplate(
  ['productId', 'count', 'orderId', 't'],
  (db, v: { productId: number; count: number; orderId: number; t: string }) =>
    markPickedSold(
      db.with('picked', () => pickCodes(db, v.productId, v.count, v.t)),
      v.orderId,
      v.t,
    ).returning(['id', 'code_enc', 'serial_enc']),
);

const pickTemplate = queryTemplate(
  ['productId', 'count', 't'],
  (db, v: { productId: number; count: number; t: string }) => pickCodes(db, v.productId, v.count, v.t),
);

/** The `count` codes a sale would take now (`pickCodes`), oldest first; fewer when the stock runs short. */
export async function pickSellable(trx: DB, productId: number, count: number, t: string) {
  return (await pickTemplate(trx, { productId, count, t })).rows;
}

// The ids as one JSON parameter: a statement whose text does not change with the quantity is built
// once. One code (most sales) is marked by its id alone, which SQLite runs as an equality.
const markTemplate = queryTemplate(['ids', 'orderId', 't'], (db, v: { ids: string; orderId: number; t: string }) =>
  markPickedSold(db, v.orderId, v.t, sql<number>`(select value from json_each(${v.ids}))`),
);
const markOneTemplate = queryTemplate(['id', 'orderId', 't'], (db, v: { id: number; orderId: number; t: string }) =>
  markPickedSold(db, v.orderId, v.t, sql<number>`(${v.id})`),
);

/** The first sellable code's place in the order sales take them (`stockFloor`), or undefined when none is left. */
export async function firstSellableKey(db: DB, productId: number, t: string): Promise<CodeKey | undefined> {
  const row = await db
    .selectFrom('product_codes')
    .select(['created_at', 'id'])
    .where('product_id', '=', productId)
    .where(sellable(t))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && { at: row.created_at, id: Number(row.id) };
}

/** Marks picked codes sold to the order, those still available; answers how many it marked. */
export async function markSold(trx: DB, ids: number[], orderId: number, t: string): Promise<number> {
  const result =
    ids.length === 1
      ? await markOneTemplate(trx, { id: ids[0]!, orderId, t })
      : await markTemplate(trx, { ids: JSON.stringify(ids), orderId, t });
  return Number(result.numAffectedRows ?? 0);
}

/** Inserts the codes a duplicate of which is not yet stocked; answers how many went in. */
export async function insertCodes(db: DB, rows: Insertable<ProductCodesTable>[]): Promise<number> {
  let added = 0;
  // Batches keep every statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('product_codes')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['product_id', 'code_hash']).doNothing())
      .returning('id')
      .execute();
    added += inserted.length;
  }
  return added;
}

/**
 * Marks `count` sellable codes of a product sold to an order, in one statement that only takes
 * codes still available (`pickCodes`, `markPickedSold`). Fewer rows than asked means the stock
 * ran out.
 */
export async function claimCodes(trx: DB, productId: number, count: number, orderId: number, t: string) {
  const { rows } = await claimTemplate(trx, { productId, count, orderId, t });
  return [...rows].sort((a, b) => Number(a.id) - Number(b.id));
}

/** What a stock search matches: a whole code (its keyed hash) or the order that took a code. */
export type CodeMatch = { hash: string; orderId: number | null };

export function listCodes(
  db: DB,
  productId: number,
  status: 'available' | 'sold' | 'all',
  w: { limit: number; offset: number },
  match?: CodeMatch,
) {
  let q = db.selectFrom('product_codes').selectAll().where('product_id', '=', productId);
  if (status !== 'all') q = q.where('status', '=', status);
  if (match) {
    const { hash, orderId } = match;
    q = q.where((eb) =>
      orderId === null ? eb('code_hash', '=', hash) : eb.or([eb('code_hash', '=', hash), eb('order_id', '=', orderId)]),
    );
  }
  return q
    .orderBy('id', status === 'sold' ? 'desc' : 'asc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
}

export function deleteUnsoldCode(db: DB, productId: number, codeId: number) {
  return db
    .deleteFrom('product_codes')
    .where('id', '=', codeId)
    .where('product_id', '=', productId)
    .where('status', '=', 'available')
    .returning(['id', 'code_enc'])
    .executeTakeFirst();
}

/** Deletes those of `ids` that are this product's unsold codes; returns what went. */
export function deleteUnsoldCodes(db: DB, productId: number, ids: number[]) {
  return db
    .deleteFrom('product_codes')
    .where('id', 'in', ids)
    .where('product_id', '=', productId)
    .where('status', '=', 'available')
    .returning(['id', 'code_enc'])
    .execute();
}

export function findCode(db: DB, productId: number, codeId: number) {
  return db
    .selectFrom('product_codes')
    .select(['id', 'status'])
    .where('id', '=', codeId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Products delivered from stock whose sellable codes are at or below their threshold. */
export async function countLowStockProducts(db: DB, t: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select(sql<number>`count(*)`.as('n'))
    .where('delivery', '=', 'stock')
    .where(
      sql<boolean>`(
        select count(*) from product_codes c
        where c.product_id = products.id and ${sellable(t, 'c')}
      ) <= products.low_stock_threshold`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The products `countLowStockProducts` counts, with their sellable codes, emptiest first. A
 * category comes from the product or its department, for the link to its editor.
 */
export async function listLowStockProducts(db: DB, t: string) {
  const available = sql<number>`(
    select count(*) from product_codes c
    where c.product_id = products.id and ${sellable(t, 'c')}
  )`;
  const rows = await db
    .selectFrom('products')
    .leftJoin('departments', 'departments.id', 'products.department_id')
    .select([
      'products.id',
      'products.name',
      sql<number | null>`coalesce(products.category_id, departments.category_id)`.as('category_id'),
      'products.low_stock_threshold as threshold',
      available.as('available'),
    ])
    .where('products.delivery', '=', 'stock')
    .where(available, '<=', sql<number>`products.low_stock_threshold`)
    .orderBy('available')
    .orderBy('products.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    category_id: r.category_id === null ? null : Number(r.category_id),
    available: Number(r.available),
    threshold: Number(r.threshold),
  }));
}

/** The product fields stock work needs; undefined for an unknown id. */
export function findStockProduct(db: DB, productId: number) {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'delivery', 'low_stock_threshold'])
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** Sets the once-per-crossing low-stock flag; false when another sale (or an earlier one) already did. */
export async function armLowStockWarning(db: DB, productId: number): Promise<boolean> {
  const armed = await db
    .updateTable('products')
    .set({ low_stock_notified: 1 })
    .where('id', '=', productId)
    .where('low_stock_notified', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return armed !== undefined;
}

/** New codes re-arm the warning for the next time the stock runs low. */
export function rearmLowStockWarning(db: DB, productId: number) {
  return db.updateTable('products').set({ low_stock_notified: 0 }).where('id', '=', productId).execute();
}

export function operatorIds(db: DB) {
  return db.selectFrom('users').select('id').where('role', '=', 'operator').execute();
}

/** 1 when the product has a sellable code, for the storefront's "in stock" flag (an index probe, not a count). */
export function hasSellableCode(t: string) {
  return sql<number>`(case when exists (
    select 1 from product_codes c
    where c.product_id = products.id and ${sellable(t, 'c')}
  ) then 1 else 0 end)`;
}

export function supplierExists(db: DB, supplierId: number) {
  return db.selectFrom('suppliers').select('id').where('id', '=', supplierId).executeTakeFirst();
}
