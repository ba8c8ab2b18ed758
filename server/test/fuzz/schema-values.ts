import fc from 'fast-check';
import { hostileScalar, hugeString } from './hostile-values';
import type { JsonSchema } from './openapi-routes';

const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;

/** Decimal strings near the edges that money fields must handle: valid shape, hostile size. */
const moneyLike = fc.oneof(
  fc.constantFrom(
    '0',
    '0.00',
    '1',
    '1.5',
    '9.50',
    '-1',
    '-0.01',
    '0.0000001',
    '0.000001',
    '1000000000000',
    '999999999999.999999',
    '1e308',
  ),
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map((n) => (Number(n % 1000000n) / 100).toFixed(2)),
);

/**
 * A value that fits `schema` (so the request reaches the route's own rules), built from edge
 * cases rather than typical data.
 */
export function conforming(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => conforming(s, depth)));
  if (schema.allOf?.length) return conforming(schema.allOf[0] ?? {}, depth);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.pattern?.includes('\\d')) return moneyLike;
      if (schema.format === 'email')
        return fc.constantFrom('a@b.co', 'customer@raseed.local', `${'x'.repeat(250)}@b.co`);
      const max = Math.min(schema.maxLength ?? 64, 300);
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: max }),
        fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: max }),
      );
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1e6, 2 ** 31),
      });
    case 'number':
      return fc.double({ noNaN: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(conforming(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, depth);
    default:
      return hostileScalar;
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, s] of Object.entries(props)) model[name] = conforming(s, depth + 1);
  return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
}

/**
 * A body for `schema`, mutated: some fields replaced by hostile or huge values, some required
 * fields dropped, unknown fields (including prototype keys) added.
 */
export function hostileBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema.properties ?? {});
  const mutated = fc
    .record({
      base: conforming(schema),
      replace: fc.array(
        fc.tuple(fc.constantFrom(...(fields.length ? fields : ['x'])), fc.oneof(hostileScalar, hugeString)),
        { maxLength: 3 },
      ),
      drop: fc.array(fc.constantFrom(...(fields.length ? fields : ['x'])), { maxLength: 2 }),
      extra: fc.option(
        fc.dictionary(
          fc.constantFrom('__proto__', 'constructor', 'role', 'balance', 'user_id', 'status', 'id', 'زائد'),
          hostileScalar,
          { maxKeys: 3 },
        ),
      ),
    })
    .map(({ base, replace, drop, extra }) => {
      if (typeof base !== 'object' || base === null || Array.isArray(base)) return base;
      const out: Record<string, unknown> = { ...base };
      for (const [k, v] of replace) out[k] = v;
      for (const k of drop) delete out[k];
      if (extra)
        for (const [k, v] of Object.entries(extra))
          Object.defineProperty(out, k, { value: v, enumerable: true, configurable: true, writable: true });
      return out;
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: conforming(schema) },
    { weight: 1, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 4 }) },
  );
}
