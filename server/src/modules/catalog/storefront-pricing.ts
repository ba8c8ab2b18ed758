import { effectivePrice, markUpPrices, type PriceOverride } from '@raseed/contract';
import type { DB } from '../../db/database';
import { findProductRules, listPriceRules, storefrontMarkupBp } from './price-rules-repository';
import type { ProductRow } from './repository';

/**
 * One storefront's prices as its catalog replies are built with them: its markup and its rules
 * by category and product. Read once per catalog version and storefront (cached-replies.ts);
 * an order reads them afresh (checkout).
 */
export type StorefrontPricing = {
  markupBp: number;
  categories: Map<number, PriceOverride>;
  products: Map<number, PriceOverride>;
};

export async function loadPricing(db: DB, storefrontId: number): Promise<StorefrontPricing> {
  const [markupBp, rules] = await Promise.all([storefrontMarkupBp(db, storefrontId), listPriceRules(db, storefrontId)]);
  const pricing: StorefrontPricing = { markupBp: markupBp ?? 0, categories: new Map(), products: new Map() };
  for (const r of rules)
    (r.kind === 'category' ? pricing.categories : pricing.products).set(r.target_id, {
      markup_bp: r.markup_bp,
      hidden: r.hidden === 1,
    });
  return pricing;
}

export const categoryHidden = (pricing: StorefrontPricing, categoryId: number | null): boolean =>
  categoryId !== null && pricing.categories.get(categoryId)?.hidden === true;

/** The markup a product sells at on this storefront, and whether it is hidden there. */
export const ruleOf = (pricing: StorefrontPricing, row: Pick<ProductRow, 'id' | 'in_category_id'>) =>
  effectivePrice(
    pricing.markupBp,
    row.in_category_id === null ? undefined : pricing.categories.get(Number(row.in_category_id)),
    pricing.products.get(row.id),
  );

/** The product as this storefront sells it: every price field marked up (contract's `markUpPrices`). */
export const pricedRow = (row: ProductRow, markupBp: number): ProductRow => markUpPrices(row, markupBp);

/** The products this storefront shows, at its prices, in the order given. */
export function shownProducts(pricing: StorefrontPricing, rows: ProductRow[]): ProductRow[] {
  const out: ProductRow[] = [];
  for (const row of rows) {
    const rule = ruleOf(pricing, row);
    if (!rule.hidden) out.push(pricedRow(row, rule.markupBp));
  }
  return out;
}

/**
 * How the storefront sells the product, read now (an order's fresh read, in its transaction);
 * undefined for a storefront that does not exist.
 */
export async function sellingRule(
  db: DB,
  storefrontId: number,
  row: Pick<ProductRow, 'id' | 'in_category_id'>,
): Promise<{ markupBp: number; hidden: boolean } | undefined> {
  const category = row.in_category_id === null ? null : Number(row.in_category_id);
  const rules = await findProductRules(db, storefrontId, category, row.id);
  return rules && effectivePrice(rules.storefrontBp, rules.category, rules.product);
}
