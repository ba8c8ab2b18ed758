import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiRoute, apiRoutes, type JsonSchema } from './fuzz/openapi-routes';
import { setupApp } from './helper';
import { ADMIN } from './operator-fixtures';
import { isEditableField, sameValue, validValue } from './patch/valid-values';

/**
 * Every operator PATCH route, read from the OpenAPI document: a random subset of fields, with
 * values a form would send, changes exactly those fields of the object and nothing else; an
 * edit the rules refuse changes nothing at all. Rows start with no default values, so a field
 * reset to its default by an edit that did not name it shows.
 */

const RUNS = Number(process.env.PATCH_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const t = await setupApp();
const op = await t.createUser({ role: 'operator' });
// A supplier is saved only once it answers: a second store on loopback, with our account there.
const upstream = await setupApp();
await upstream.app.listen({ port: 0, host: '127.0.0.1' });
const upstreamUrl = `http://127.0.0.1:${(upstream.app.server.address() as { port: number }).port}`;
const agent = await upstream.createUser();
afterAll(async () => {
  await t.close();
  await upstream.close();
});

type Obj = Record<string, unknown>;
const call = async (method: 'POST' | 'PATCH', url: string, payload: Obj) => {
  const res = await t.request({ method, url: `${ADMIN}${url}`, token: op.token, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return Object.values(res.json().data as Obj)[0] as Obj;
};

const category = await call('POST', '/categories', { name: 'ألعاب', available: false, sort: 7 });
const otherCategory = await call('POST', '/categories', { name: 'بطاقات', sort: 2 });
const department = await call('POST', '/departments', { category_id: category.id, name: 'ببجي', sort: 3 });
const categoryIds = fc.constantFrom(category.id, otherCategory.id);
const supplier = await call('POST', '/suppliers', {
  name: 'مورد',
  base_url: upstreamUrl,
  email: agent.email,
  password: agent.password,
});

/** How to make a fresh object behind each PATCH route, and valid values for fields that point at other rows. */
type Fixture = { create(): Promise<string>; refs?: Record<string, fc.Arbitrary<unknown>> };
let serviceCount = 0;
let addressCount = 0;
/** Up to three addresses no storefront holds yet: each storefront's hosts and origins are its own. */
const freshAddresses = (make: (n: number) => string) =>
  fc.integer({ min: 0, max: 3 }).map((k) => Array.from({ length: k }, () => make(++addressCount)).sort());
const fixtures: Record<string, Fixture> = {
  '/categories/{id}': {
    create: async () =>
      `/categories/${(await call('POST', '/categories', { name: 'قسم', available: false, sort: 9 })).id}`,
  },
  '/departments/{id}': {
    create: async () =>
      `/departments/${(await call('POST', '/departments', { category_id: category.id, name: 'فرعي', sort: 4 })).id}`,
    refs: { category_id: categoryIds },
  },
  '/products/{id}': {
    create: async () => {
      const p = await call('POST', '/products', {
        ...{
          category_id: category.id,
          department_id: department.id,
          name: 'منتج',
          info: 'وصف المنتج',
          available: false,
        },
        ...{
          price: '5.25',
          price_syr: '70000',
          price_tr: '150',
          is_discount: true,
          discount: 10,
          type: 'code',
          free: false,
        },
        ...{ min: 2, max: 9, unit_price: '0.5', unit_price_tr: '1.5', player_resolver: 'demo', sort: 4 },
      });
      return `/products/${p.id}`;
    },
    refs: {
      category_id: fc.option(categoryIds, { nil: null }),
      department_id: fc.option(fc.constant(department.id), { nil: null }),
      supplier_id: fc.option(fc.constant(supplier.id), { nil: null }),
      // Mostly within the fixture's 2..9, so most edits pass the max ≥ min rule.
      min: fc.integer({ min: 1, max: 9 }),
      max: fc.integer({ min: 2, max: 30 }),
    },
  },
  '/suppliers/{id}': {
    create: async () => {
      const supplier = { name: 'مورد آخر', base_url: upstreamUrl, email: agent.email, token: agent.token };
      return `/suppliers/${(await call('POST', '/suppliers', supplier)).id}`;
    },
    // Details the supplier accepts: an edit of them is tried upstream before it is saved.
    refs: {
      base_url: fc.constant(upstreamUrl),
      email: fc.constant(agent.email),
      password: fc.constant(agent.password),
      token: fc.constant(agent.token),
    },
  },
  '/numbers/provider': {
    create: async () => {
      await call('PATCH', '/numbers/provider', {
        name: 'مزود',
        base_url: 'https://sms.example.com',
        api_key: 'key-1',
        window_minutes: 15,
      });
      return '/numbers/provider';
    },
  },
  '/numbers/services/{id}': {
    create: async () => {
      await call('PATCH', '/numbers/provider', { name: 'مزود', base_url: 'https://sms.example.com', api_key: 'key-1' });
      serviceCount += 1;
      const svc = await call('POST', '/numbers/services', {
        service: `app${serviceCount}`,
        country: '6',
        name: 'واتساب',
        country_name: 'إندونيسيا',
        price: '0.80',
        price_syr: '9000',
        price_tr: '25',
        active: false,
      });
      return `/numbers/services/${svc.id}`;
    },
    refs: { service: fc.constantFrom('wa', 'tg', 'fb_1'), country: fc.constantFrom('0', '6', '187') },
  },
  '/sliders/{id}': {
    create: async () =>
      `/sliders/${(await call('POST', '/sliders', { link: 'https://example.com/offer', sort: 2 })).id}`,
  },
  '/banks/{id}': {
    create: async () =>
      `/banks/${(await call('POST', '/banks', { name: 'بنك', info: 'حوالة', iban: 'SY0012', sort: 3 })).id}`,
  },
  '/partners/{id}': {
    create: async () =>
      `/partners/${(await call('POST', '/partners', { name: 'وكيل', address: 'دمشق', phone: '+963 11', sort: 5 })).id}`,
  },
  '/storefronts/{id}': {
    create: async () => {
      const made = await call('POST', '/storefronts', {
        name: 'متجر',
        hosts: [`made${++addressCount}.example`],
        origins: [`https://made${addressCount}.example`],
        markup_percent: 7.5,
        active: false,
      });
      return `/storefronts/${made.id}`;
    },
    refs: {
      hosts: freshAddresses((n) => `h${n}.example`),
      origins: freshAddresses((n) => `https://o${n}.example`),
      markup_percent: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100),
    },
  },
  '/storefronts/{id}/account': {
    create: async () => {
      const made = await call('POST', '/storefronts', { name: 'متجر', hosts: [`acct${++addressCount}.example`] });
      await call('POST', `/storefronts/${made.id}/account/adjust`, { amount: '12.50', reason: 'تمويل' });
      return `/storefronts/${made.id}/account`;
    },
  },
  '/users/{id}': {
    create: async () => {
      const u = await t.createUser();
      await call('PATCH', `/users/${u.id}`, { credit_limit: '40' });
      return `/users/${u.id}`;
    },
  },
  '/settings': {
    create: async () => {
      const start = {
        name: 'متجر',
        news: 'خبر',
        whatsapp: '+96311',
        facebook: 'https://f.example/x',
        online: false,
        currency_mode: 'syr',
      };
      await call('PATCH', '/settings', start);
      return '/settings';
    },
    refs: { theme_color: fc.option(fc.constantFrom('#112233', '#abcdef'), { nil: null }) },
  },
};

const patchRoutes = apiRoutes(t.app).filter((r) => r.method === 'PATCH' && r.admin);
const local = (r: ApiRoute) => r.path.slice(ADMIN.length);

describe('operator PATCH routes change exactly the fields they name', () => {
  it('found the PATCH routes of every operator resource, each with a fixture', () => {
    expect(patchRoutes.map(local).sort()).toEqual(Object.keys(fixtures).sort());
  });

  it('a price edit keeps the product’s type, display prices and info (the reported bug)', async () => {
    const url = await fixtures['/products/{id}']!.create();
    const product = await call('PATCH', url, { price: 7.25 });
    expect(product).toMatchObject({
      price: '7.25',
      type: 'code',
      price_syr: '70000.00',
      price_tr: '150.00',
      info: 'وصف المنتج',
      available: false,
      min: 2,
      max: 9,
    });
  });

  it.each(patchRoutes.map((r) => [local(r), r] as const))('PATCH %s', async (path, route) => {
    const fixture = fixtures[path];
    if (!fixture) throw new Error(`no fixture for PATCH ${path}: add one to this test`);
    const schema = route.bodies['application/json'] ?? {};
    const fields = Object.entries(schema.properties ?? {}).filter(([name, s]) => isEditableField(name, s)) as Array<
      [string, JsonSchema]
    >;
    const edit = fc.record(
      Object.fromEntries(fields.map(([name, s]) => [name, fixture.refs?.[name] ?? validValue(s)])),
      { requiredKeys: [] },
    );
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(edit, async (body) => {
        const url = await fixture.create();
        const before = await call('PATCH', url, {});
        const res = await t.request({ method: 'PATCH', url: `${ADMIN}${url}`, token: op.token, payload: body });
        const after = await call('PATCH', url, {});
        if (res.statusCode !== 200) {
          expect(res.statusCode, res.body).toBe(422);
          expect(after, `a refused edit changed ${path}`).toEqual(before);
          return;
        }
        accepted += 1;
        expect(Object.values(res.json().data)[0]).toEqual(after);
        for (const [key, value] of Object.entries(before)) {
          const field = schema.properties?.[key];
          // A product placed in a department takes that department's category (the README's rule).
          if (key === 'category_id' && path === '/products/{id}' && body.department_id != null)
            expect(after[key]).toBe(category.id);
          // Stock counts are shown only for a product delivered from stock: they follow `delivery`.
          else if (key === 'stock' && 'delivery' in body) expect(after[key] === null).toBe(body.delivery !== 'stock');
          // What a storefront's account can spend follows its credit limit: balance + limit.
          else if (key === 'available' && 'credit_limit' in body)
            expect(Number(after[key])).toBeCloseTo(Number(after.balance) + Number(after.credit_limit), 6);
          else if (key === 'low' && 'credit_limit' in body) expect(typeof after[key]).toBe('boolean');
          // Bookkeeping, not a field: it moves with every real edit.
          else if (key === 'updated_at') expect(String(after[key]) >= String(value)).toBe(true);
          // A supplier's credentials are never shown; only whether one is stored, which a new one sets.
          else if (
            (key === 'has_password' && body.password) ||
            (key === 'has_token' && body.token) ||
            (key === 'has_api_key' && body.api_key)
          )
            expect(after[key]).toBe(true);
          else if (key in body && field)
            expect(sameValue(field, body[key], after[key]), `${key}: sent ${body[key]}, shown ${after[key]}`).toBe(
              true,
            );
          else expect(after[key], `${key} changed though the edit did not name it`).toEqual(value);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // A property over edits that are all refused would prove nothing.
    expect(accepted).toBeGreaterThan(RUNS / 3);
  });
});
