import { type Currency, formatMicros, moneyToString, parseMoney } from '@raseed/contract';

const DECIMALS: Record<Currency, number> = { USD: 2, SYP: 0, TRY: 2 };

/**
 * A price per unit of a free-quantity product. Units are often fractions of a cent (0.015),
 * which the currency's usual decimals would round into a wrong price (0.02), so such an amount
 * keeps the digits it has; whole-cent amounts format exactly like any other price.
 */
export function formatUnitPrice(amount: string, currency: Currency): string {
  const micros = parseMoney(amount) ?? 0;
  const formatted = formatMicros(micros, currency);
  if (micros % 10 ** (6 - DECIMALS[currency]) === 0) return formatted;
  const suffix = formatted.slice(formatted.indexOf(' ') + 1);
  return `${moneyToString(micros)} ${suffix}`;
}
