// Money formatting lives in the contract so server messages and screens agree to the digit.
export { type Currency, formatCurrency, formatMicros, parseMoney } from '@raseed/contract/plain';

/** Dates shown with Latin digits, like every other number customers may copy. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('ar-u-nu-latn', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * An amount inside a sentence («رصيدك (75.00 $) لا يكفي…») kept on one line: its spaces become
 * no-break spaces, so a narrow phone never leaves «(75.00» on one line and «$)» on the next. The
 * bidi order is unchanged (both are neutral), and screen readers and text search read a space.
 */
export function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0');
}
