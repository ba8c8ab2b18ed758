import type { Product } from '@raseed/contract';
import { formatMicros, multiplyMoney, parseMoney } from '@raseed/contract';

/**
 * The free-quantity form's live totals: unit_price × qty in USD and unit_price_tr × qty in
 * TRY, exact in micros. A quantity that is not a whole number yet shows as zero.
 */
export function quantityTotals(
  product: Pick<Product, 'unit_price' | 'unit_price_tr'>,
  qty: string,
): { usd: string; try: string } {
  const n = /^\d{1,9}$/.test(qty) ? Number(qty) : 0;
  return {
    usd: formatMicros(multiplyMoney(parseMoney(product.unit_price) ?? 0, n), 'USD'),
    try: formatMicros(multiplyMoney(parseMoney(product.unit_price_tr) ?? 0, n), 'TRY'),
  };
}
