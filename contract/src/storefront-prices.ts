import { z } from 'zod';
import { successReply } from './envelope';
import { formBool } from './fields';
import { markupPercent } from './storefronts';

/**
 * A storefront's prices (issue 34): the provider's price with the storefront's markup, in basis
 * points (1 % = 100). The one rule of what a storefront's customer sees and pays; the server
 * prices its catalog replies and its orders with it, and a page may preview a markup with it.
 */

/** The price fields of a product and the decimals each is rounded to: cents, whole pounds for SYP. */
export const PRICE_FIELDS = {
  price: 2,
  price_syr: 0,
  price_tr: 2,
  unit_price: 2,
  unit_price_tr: 2,
} as const;
export type PriceField = keyof typeof PRICE_FIELDS;

/** How many decimals a micros amount carries (0.0125 → 4, 10 → 0). */
function decimalsOf(micros: number): number {
  let places = 6;
  let rest = Math.abs(micros);
  while (places > 0 && rest % 10 === 0) {
    rest /= 10;
    places--;
  }
  return places;
}

/**
 * The provider's price `micros` with `markupBp` on top, rounded half-up to `decimals` (2: the
 * cent, 0: whole SYP), or to the provider's own finer precision when it has one: a unit price
 * of 0.0125 must not become 0.01. No markup leaves the price exactly as it was. Exact integer
 * arithmetic (BigInt): a price of 1e15 micros times 11 passes 2^53.
 */
export function markUp(micros: number, markupBp: number, decimals: number): number {
  if (markupBp === 0 || micros <= 0) return micros;
  const places = Math.max(decimals, decimalsOf(micros));
  const step = BigInt(10 ** (6 - places));
  const unit = step * 10_000n;
  const scaled = BigInt(micros) * BigInt(10_000 + markupBp);
  return Number(((scaled + unit / 2n) / unit) * step);
}

/**
 * Every price field `prices` has (a product: all five; a number service: price, price_syr,
 * price_tr) marked up by `markupBp`; the other fields as they were.
 */
export function markUpPrices<T extends Partial<Record<PriceField, number>>>(prices: T, markupBp: number): T {
  if (markupBp === 0) return prices;
  const out: Partial<Record<PriceField, number>> = { ...prices };
  for (const field of Object.keys(PRICE_FIELDS) as PriceField[]) {
    const value = prices[field];
    if (typeof value === 'number') out[field] = markUp(value, markupBp, PRICE_FIELDS[field]);
  }
  return out as T;
}

/**
 * A storefront's own rule for one category or product: its markup (null: follow the wider one)
 * and whether it hides it.
 */
export type PriceOverride = { markup_bp: number | null; hidden: boolean };

/**
 * The markup a product sells at on a storefront: its own override, else its category's, else the
 * storefront's; hidden when the product or its category is hidden there.
 */
export function effectivePrice(
  storefrontBp: number,
  category: PriceOverride | undefined,
  product: PriceOverride | undefined,
): { markupBp: number; hidden: boolean } {
  return {
    markupBp: product?.markup_bp ?? category?.markup_bp ?? storefrontBp,
    hidden: (product?.hidden ?? false) || (category?.hidden ?? false),
  };
}

/** Percent with up to two decimals (what operators type) to basis points, and back. */
export const percentToBp = (percent: number): number => Math.round(percent * 100);
export const bpToPercent = (bp: number): number => bp / 100;

/**
 * PUT `/categories/{id}/storefront-price` and `/products/{id}/storefront-price` (`?storefront=`):
 * the storefront's own markup for it (null or absent: the wider one applies) and whether it is
 * hidden there. A rule with neither is the same as none (DELETE).
 */
export const storefrontPriceInput = z.object({
  markup_percent: markupPercent.nullable().default(null).meta({
    description: 'percent over the provider’s price for this category or product; null: the wider markup',
  }),
  hidden: formBool.default(false).meta({ description: 'true: absent from this storefront and not sold there' }),
});
export type StorefrontPriceInput = z.input<typeof storefrontPriceInput>;

export const storefrontPrice = z
  .object({
    storefront_id: z.number().int(),
    kind: z.enum(['category', 'product']),
    id: z.number().int(),
    markup_percent: z.number().nullable(),
    hidden: z.boolean(),
  })
  .meta({ id: 'StorefrontPrice' });
export type StorefrontPrice = z.infer<typeof storefrontPrice>;

export const storefrontPriceReply = successReply(z.object({ price: storefrontPrice }));
export const storefrontPricesReply = successReply(
  z.object({ markup_percent: z.number(), prices: z.array(storefrontPrice) }),
);
