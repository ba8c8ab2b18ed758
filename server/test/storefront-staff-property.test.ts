import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiRoute, apiRoutes, type JsonSchema } from './fuzz/openapi-routes';
import { setupApp } from './helper';
import { ADMIN } from './operator-fixtures';
import { isEditableField, validValue } from './patch/valid-values';
import { MARK, snapshotOf, staffWorld } from './staff-fixtures';

/**
 * B's staff cannot read or change one of A's things. Every operation of the operator API, read
 * from the OpenAPI document (a route marked for staff later is walked without editing this test),
 * is called by B's staff with A's ids in its path and body, once as is and once with
 * `?storefront=` A: a route not open to staff is a 403, one open to them a 404 wherever it names
 * A's storefront or one of its rows, and no call changes any of A's rows or shows one of A's texts.
 */

const RUNS = Number(process.env.STAFF_RUNS ?? 3);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);

const t = await setupApp();
const w = await staffWorld(t);
afterAll(async () => {
  await t.close();
});

const operations = apiRoutes(t.app).filter((r) => r.admin);
const local = (r: ApiRoute) => r.path.slice(ADMIN.length);

/** A's rows by the collection a path names: a path naming one of them is about A. */
const aRows: Record<string, number> = {
  orders: w.a.order,
  purchases: w.a.purchase,
  charges: w.a.charge,
  users: w.a.customer.id,
  sliders: w.a.slider,
  banks: w.a.bank,
  partners: w.a.partner,
  storefronts: w.a.storefront,
};
/** Rows of the shared catalog: the provider's, that a storefront prices for itself. */
const shared: Record<string, number> = { categories: w.category, products: w.product };
/** Ids a body may name, pointed at A's. */
const bodyIds: Record<string, fc.Arbitrary<unknown>> = {
  user_id: fc.constant(w.a.customer.id),
  category_id: fc.constant(w.category),
  product_id: fc.constant(w.product),
  bank_id: fc.constant(w.a.bank),
};

/** The path with A's ids, and whether it names one of A's rows. */
function pathOf(route: ApiRoute): { url: string; aboutA: boolean } {
  let aboutA = false;
  const parts = route.path.split('/');
  const url = parts
    .map((part, i) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part;
      if (name === 'userId') {
        aboutA = true;
        return String(w.a.staff.id);
      }
      const collection = parts[i - 1] ?? '';
      if (aRows[collection] !== undefined) {
        aboutA = true;
        return String(aRows[collection]);
      }
      return String(shared[collection] ?? 1);
    })
    .join('/');
  return { url, aboutA };
}

function bodyOf(route: ApiRoute): fc.Arbitrary<Record<string, unknown> | undefined> {
  const schema: JsonSchema | undefined = route.bodies['application/json'];
  if (!schema) return fc.constant(undefined);
  const fields = Object.entries(schema.properties ?? {}).filter(([name, s]) => isEditableField(name, s));
  const values: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, s] of fields) {
    if (bodyIds[name]) values[name] = bodyIds[name];
    else if ((s as { description?: string }).description?.includes('decimal amount'))
      values[name] = fc.integer({ min: 1, max: 100_000 }).map((cents) => (cents / 100).toFixed(2));
    else {
      try {
        values[name] = validValue(s);
      } catch {
        // A field no form value fits (a list, an object): left out, the route answers 422 or ignores it.
      }
    }
  }
  // The required fields always, so most calls pass validation and reach the storefront's rules.
  const required = (schema.required ?? []).filter((name) => name in values);
  return fc.record(values, { requiredKeys: required });
}

const staffForbidden = async () =>
  (await t.request({ method: 'GET', url: `${ADMIN}/storefronts`, token: w.b.staff.token })).json().msg as string;

describe("B's staff cannot read or change A's things", () => {
  it('found the operator API, and B’s staff reach the routes of their storefront', () => {
    const open = operations.filter((r) => r.staff).map((r) => `${r.method} ${local(r)}`);
    // What a storefront's staff may use.
    const expected = [
      'GET /stats',
      'GET /dashboard',
      'GET /exports/orders.csv',
      'GET /exports/numbers.csv',
      'GET /exports/topups.csv',
      'GET /exports/ledger.csv',
      'GET /storefront-accounts',
      'GET /storefronts/{id}/account',
      'POST /storefronts/{id}/account/refusals-seen',
      'GET /orders',
      'GET /orders/{id}',
      'GET /numbers/purchases',
      'GET /numbers/purchases/{id}',
      'GET /charges',
      'GET /charges/{id}',
      'POST /charges/{id}/approve',
      'POST /charges/{id}/reject',
      'GET /users',
      'GET /users/{id}',
      'PATCH /users/{id}',
      'POST /users/{id}/adjust',
      'POST /users/{id}/credit',
      'POST /users/{id}/settle',
      'POST /notifications',
      'GET /audit',
      'GET /settings',
      'PATCH /settings',
      'GET /storefront-prices',
      'PUT /categories/{id}/storefront-price',
      'DELETE /categories/{id}/storefront-price',
      'PUT /products/{id}/storefront-price',
      'DELETE /products/{id}/storefront-price',
      ...['sliders', 'banks', 'partners'].flatMap((c) => [
        `GET /${c}`,
        `POST /${c}`,
        `PATCH /${c}/{id}`,
        `DELETE /${c}/{id}`,
      ]),
    ];
    expect(open.sort()).toEqual(expected.sort());
  });

  it.each(operations.map((r) => [`${r.method} ${local(r)}`, r] as const))('%s', async (_name, route) => {
    const forbidden = await staffForbidden();
    const { url, aboutA } = pathOf(route);
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(bodyOf(route), async (body) => {
        for (const namesA of [false, true]) {
          const before = await snapshotOf(t, w.a);
          const query = namesA ? `?storefront=${w.a.storefront}` : '';
          const res = await t.request({
            method: route.method,
            url: `${url}${query}`,
            token: w.b.staff.token,
            ...(body ? { payload: body } : {}),
          });
          const answer = `${res.statusCode} ${res.body.slice(0, 300)}`;
          const seen = `${route.method} ${url}${query} ${JSON.stringify(body)}: ${answer}`;
          expect(await snapshotOf(t, w.a), `${seen} changed A's rows`).toBe(before);
          expect(res.body, `${seen} showed A's rows`).not.toContain(MARK);
          expect(res.statusCode, seen).toBeLessThan(500);
          if (!route.staff) {
            expect(res.statusCode, seen).toBe(403);
            expect(res.json().msg, seen).toBe(forbidden);
          } else if (namesA) expect(res.statusCode, seen).toBe(404);
          else if (aboutA) {
            // A body the route's schema refuses is refused before any row is read, so it tells nothing.
            if (res.statusCode === 422) expect(res.json().code, seen).toBe('validation_failed');
            else expect([403, 404], seen).toContain(res.statusCode);
            if (res.statusCode !== 422) refused += 1;
          }
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // A route about A's rows whose every call was turned back by validation would prove nothing.
    if (route.staff && aboutA) expect(refused, 'no call reached the storefront check').toBeGreaterThan(0);
  });
});
