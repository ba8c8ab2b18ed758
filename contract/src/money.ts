/**
 * Money is carried as integer "micros" (millionths of a currency unit) everywhere it is
 * computed or stored, so unit prices like 0.0125 are exact and no float ever touches a total.
 * On the wire it is a decimal string ("9.50"); these are the only two conversions.
 */
export const MICROS = 1_000_000;

const DECIMAL = /^\s*(-)?(\d{1,12})(?:[.,](\d{0,6})\d*)?\s*$/;

/** Parses a decimal string ("12", "0.0125", "3,5") into micros; null when it is not a number. */
export function parseMoney(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? input.toFixed(6) : '') : input;
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const whole = Number(m[2]);
  const frac = Number((m[3] ?? '').padEnd(6, '0'));
  const micros = whole * MICROS + frac;
  if (!Number.isSafeInteger(micros)) return null;
  return m[1] && micros !== 0 ? -micros : micros;
}

/**
 * The largest amount or balance the store handles: 1,000,000,000 (in micros 1e15, far inside
 * the 2^53 of exact integers, so sums of a few of them stay exact too).
 */
export const MAX_MONEY = 1_000_000_000 * MICROS;

/**
 * What an operator types as a price or an amount: like parseMoney, but more than 6 decimals
 * or more than MAX_MONEY is refused (null) instead of cut.
 */
export function parseMoneyStrict(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input;
  const m = /^\s*-?\d+(?:[.,](\d*))?\s*$/.exec(text);
  if (!m || (m[1] ?? '').length > 6) return null;
  const micros = parseMoney(text);
  return micros !== null && Math.abs(micros) <= MAX_MONEY ? micros : null;
}

/** Micros to the canonical wire form: a decimal string with at least 2 decimals, no trailing noise. */
export function moneyToString(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS);
  let frac = String(abs % MICROS)
    .padStart(6, '0')
    .replace(/0+$/, '');
  if (frac.length < 2) frac = frac.padEnd(2, '0');
  return `${sign}${whole}.${frac}`;
}

/** Rounds micros half away from zero to the given number of decimals, returning micros. */
export function roundMicros(micros: number, decimals: number): number {
  const step = 10 ** (6 - decimals);
  const abs = Math.abs(micros);
  const rounded = Math.floor((abs + step / 2) / step) * step;
  return micros < 0 ? -rounded : rounded;
}

/** unit price × quantity, exact in micros. */
export function multiplyMoney(unitMicros: number, quantity: number): number {
  return unitMicros * quantity;
}
