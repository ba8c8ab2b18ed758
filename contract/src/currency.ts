import { MICROS, parseMoney, roundMicros } from './money';

export type Currency = 'USD' | 'SYP' | 'TRY';

/** SYP has no decimals; the others two. USD carries a "$" suffix, the others their own suffix. */
const RULES: Record<Currency, { decimals: number; suffix: string }> = {
  USD: { decimals: 2, suffix: '$' },
  SYP: { decimals: 0, suffix: 'ل.س' },
  TRY: { decimals: 2, suffix: 'ل.ت' },
};

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats an amount for display: Latin digits (customers copy them into banking apps),
 * thousands separators, fixed decimals per currency, and the currency suffix.
 */
export function formatMicros(micros: number, currency: Currency = 'USD'): string {
  const rule = RULES[currency];
  const rounded = roundMicros(micros, rule.decimals);
  const abs = Math.abs(rounded);
  const whole = groupThousands(String(Math.floor(abs / MICROS)));
  const frac = rule.decimals
    ? `.${String(abs % MICROS)
        .padStart(6, '0')
        .slice(0, rule.decimals)}`
    : '';
  return `${rounded < 0 ? '-' : ''}${whole}${frac} ${rule.suffix}`;
}

/** Formats a wire amount (decimal string); anything unreadable shows as zero rather than "NaN". */
export function formatCurrency(amount: string | null | undefined, currency: Currency = 'USD'): string {
  return formatMicros(parseMoney(amount ?? '0') ?? 0, currency);
}
