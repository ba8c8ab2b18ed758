import fc from 'fast-check';
import type { JsonSchema } from '../fuzz/openapi-routes';

/**
 * Values an operator form would really send for a field of a PATCH body, read from its JSON
 * schema in the OpenAPI document: the property test needs edits that are accepted, not hostile
 * ones (the fuzz suite covers those).
 */

const letters = [...'abcdefghijklmnopqrstuvwxyzابتثجحخدذرزسشصضطظعغفقكلمنهوي'];
const word = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...letters), { minLength: Math.max(min, 1), maxLength: Math.max(Math.min(max, 16), 1) })
    .map((a) => a.join(''));
const isMoney = (s: JsonSchema & { description?: string }) => Boolean(s.description?.startsWith('decimal amount'));

/** Fields no JSON value can set (files) or that are actions rather than values. */
export function isEditableField(name: string, schema: JsonSchema): boolean {
  return schema.format !== 'binary' && !name.startsWith('remove_');
}

export function validValue(
  schema: JsonSchema & { description?: string; exclusiveMinimum?: boolean },
): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    if (isMoney(schema)) return fc.integer({ min: 1, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2));
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return fc.integer({
          min: (schema.minimum ?? -1000) + (schema.exclusiveMinimum ? 1 : 0),
          max: Math.min(schema.maximum ?? 1000, 1_000_000),
        });
      case 'string':
        if (schema.pattern?.includes('https')) return word(1, 12).map((w) => `https://example.com/${w}`);
        if (schema.pattern?.includes('\\d'))
          return fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => `+963${n}`);
        return word(schema.minLength ?? 1, schema.maxLength ?? 16);
      default:
        throw new Error(
          `no valid-value generator for ${JSON.stringify(schema)}: teach test/patch/valid-values.ts this field`,
        );
    }
  })();
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

/** The value as the reply shows it, so a sent `"7.5"` matches a stored `"7.50"`. */
export function sameValue(schema: JsonSchema & { description?: string }, sent: unknown, shown: unknown): boolean {
  if (sent === null || shown === null) return sent === shown;
  if (isMoney(schema)) return Number(sent) === Number(shown);
  if (Array.isArray(sent)) return JSON.stringify(sent) === JSON.stringify(shown);
  return sent === shown;
}
