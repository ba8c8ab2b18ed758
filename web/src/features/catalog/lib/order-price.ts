import { multiplyMoney, type Product, parseMoney } from '@raseed/contract';

/**
 * What the order will cost in USD micros, as the server will charge it: the price of a fixed or
 * code product, unit price × quantity for a free one (a quantity not typed yet counts as zero).
 * Shown on the buy button and the confirmation; the server prices the order again.
 */
export function orderPriceMicros(product: Product, qty?: string): number {
  if (!product.free) return parseMoney(product.price) ?? 0;
  const n = qty && /^\d{1,9}$/.test(qty) ? Number(qty) : 0;
  return multiplyMoney(parseMoney(product.unit_price) ?? 0, n);
}
