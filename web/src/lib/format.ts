// Money formatting lives in the contract so server messages and screens agree to the digit.
export { type Currency, formatCurrency, formatMicros, parseMoney } from '@raseed/contract/plain';

/** Dates shown with Latin digits, like every other number customers may copy. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('ar-u-nu-latn', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
