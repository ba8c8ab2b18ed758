import { type Product, parseMoney, roundMicros } from '@raseed/contract';

/**
 * The price before the discount, in USD micros, to show crossed out. `price` is already the
 * discounted price (README), so the old one is price ÷ (1 − discount%), rounded to the cent.
 * Null when there is no discount to show (or a free-quantity product, priced per unit).
 */
export function oldPriceMicros(product: Pick<Product, 'price' | 'is_discount' | 'discount' | 'free'>): number | null {
  if (product.free || !product.is_discount || product.discount <= 0 || product.discount >= 100) return null;
  const price = parseMoney(product.price) ?? 0;
  return roundMicros(Math.round((price * 100) / (100 - product.discount)), 2);
}
