import type { PriceOverride } from '@raseed/contract';
import { type Expression, expressionBuilder, type QueryCreator, type SqlBool, sql } from 'kysely';
import type { Database, DB } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import type { StorefrontPricesTable } from './price-tables';

/**
 * A storefront's prices: its markup (the storefronts module's row, read here as the catalog is
 * priced) and its own rules for categories and products (`storefront_prices`).
 */

export type PriceRuleRow = {
  kind: 'category' | 'product';
  target_id: number;
  markup_bp: number | null;
  hidden: number;
};

const override = (markup: unknown, hidden: unknown): PriceOverride | undefined =>
  markup === null && (hidden === null || Number(hidden) === 0)
    ? undefined
    : { markup_bp: markup === null ? null : Number(markup), hidden: Number(hidden) === 1 };

/** The storefront's markup, null for a storefront that does not exist. */
export async function storefrontMarkupBp(db: DB, storefrontId: number): Promise<number | null> {
  const row = await db.selectFrom('storefronts').select('markup_bp').where('id', '=', storefrontId).executeTakeFirst();
  return row ? Number(row.markup_bp) : null;
}

/** Every rule of one storefront, categories first. */
export async function listPriceRules(db: DB, storefrontId: number): Promise<PriceRuleRow[]> {
  const rows = await db
    .selectFrom('storefront_prices')
    .select(['kind', 'target_id', 'markup_bp', 'hidden'])
    .where('storefront_id', '=', storefrontId)
    .orderBy('kind')
    .orderBy('target_id')
    .execute();
  return rows.map((r) => ({
    kind: r.kind,
    target_id: Number(r.target_id),
    markup_bp: r.markup_bp === null ? null : Number(r.markup_bp),
    hidden: Number(r.hidden),
  }));
}

/** The three rules one product is priced by on one storefront, in one read (an order's fresh read). */
function rulesOfProduct(
  qc: Pick<QueryCreator<Database>, 'selectFrom'>,
  storefrontId: number,
  categoryId: number | null,
  productId: number,
) {
  return qc
    .selectFrom('storefronts as s')
    .leftJoin('storefront_prices as c', (join) =>
      join
        .onRef('c.storefront_id', '=', 's.id')
        .on('c.kind', '=', 'category')
        .on('c.target_id', '=', sql<number>`${categoryId}`),
    )
    .leftJoin('storefront_prices as p', (join) =>
      join.onRef('p.storefront_id', '=', 's.id').on('p.kind', '=', 'product').on('p.target_id', '=', productId),
    )
    .where('s.id', '=', storefrontId);
}

type RulesKey = { storefrontId: number; categoryId: number | null; productId: number };

// Every order reads them in its transaction: built once, then only re-filled (db/query-template.ts).
const productRules = queryTemplate(['storefrontId', 'categoryId', 'productId'], (db, v: RulesKey) =>
  rulesOfProduct(db, v.storefrontId, v.categoryId, v.productId).select([
    's.markup_bp as s_bp',
    'c.markup_bp as c_bp',
    'c.hidden as c_hidden',
    'p.markup_bp as p_bp',
    'p.hidden as p_hidden',
  ]),
);

export async function findProductRules(
  db: DB,
  storefrontId: number,
  categoryId: number | null,
  productId: number,
): Promise<{ storefrontBp: number; category?: PriceOverride; product?: PriceOverride } | undefined> {
  const row = (await productRules(db, { storefrontId, categoryId, productId })).rows[0];
  if (!row) return undefined;
  return {
    storefrontBp: Number(row.s_bp),
    category: override(row.c_bp, row.c_hidden),
    product: override(row.p_bp, row.p_hidden),
  };
}

/**
 * True while the product still sells on the storefront, shown, at `markupBp`: a write priced from
 * cached rules puts this in its WHERE (PostgreSQL's one statement), as `productUnchanged` guards
 * the product's own columns. Its shape never depends on the values (a query template).
 */
export function priceRuleUnchanged(
  storefrontId: number,
  categoryId: number | null,
  productId: number,
  markupBp: number,
): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  // The same joins as an order's fresh read, built on the expression builder a WHERE takes.
  const q = rulesOfProduct(eb, storefrontId, categoryId, productId)
    .select(sql<number>`1`.as('one'))
    .where(sql<boolean>`coalesce(p.markup_bp, c.markup_bp, s.markup_bp) = ${markupBp}`)
    .where(sql<boolean>`coalesce(p.hidden, 0) = 0 and coalesce(c.hidden, 0) = 0`);
  return eb.exists(q);
}

export async function upsertPriceRule(db: DB, rule: StorefrontPricesTable): Promise<void> {
  await db
    .insertInto('storefront_prices')
    .values(rule)
    .onConflict((oc) =>
      oc
        .columns(['storefront_id', 'kind', 'target_id'])
        .doUpdateSet({ markup_bp: rule.markup_bp, hidden: rule.hidden, updated_at: rule.updated_at }),
    )
    .execute();
}

export async function deletePriceRule(
  db: DB,
  storefrontId: number,
  kind: 'category' | 'product',
  targetId: number,
): Promise<void> {
  await db
    .deleteFrom('storefront_prices')
    .where('storefront_id', '=', storefrontId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .execute();
}

/** Whether the category or product a rule is for exists. */
export async function targetExists(db: DB, kind: 'category' | 'product', id: number): Promise<boolean> {
  const table = kind === 'category' ? 'categories' : 'products';
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
