import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, png, multipart } from './operator-fixtures';

let t: TestApp;
let customer: TestUser;
let operator: TestUser;
let routes: Array<{ method: string; url: string }>;

beforeAll(async () => {
  t = await setupApp();
  customer = await t.createUser({ balance: 10_000_000 });
  operator = await t.createUser({ role: 'operator' });
  // Every operator route the OpenAPI document lists, so a route added later is covered too.
  const doc = (await t.request({ method: 'GET', url: '/admin/api/v1/openapi.json', token: operator.token })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(ADMIN))
    .flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{\w+\}/g, '1') })),
    );
});
afterAll(async () => {
  await t.close();
});

describe('operator API access', () => {
  it('documents the operator routes in the OpenAPI document', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const name of [
      'GET /admin/api/v1/charges',
      'POST /admin/api/v1/charges/1/approve',
      'POST /admin/api/v1/charges/1/reject',
      'GET /admin/api/v1/orders',
      'POST /admin/api/v1/orders/1/accept',
      'POST /admin/api/v1/orders/1/reject',
      'POST /admin/api/v1/orders/1/wait',
      'POST /admin/api/v1/orders/1/cancel-request',
      'PATCH /admin/api/v1/products/1',
      'DELETE /admin/api/v1/categories/1',
      'PATCH /admin/api/v1/settings',
      'GET /admin/api/v1/users',
      'POST /admin/api/v1/users/1/adjust',
      'POST /admin/api/v1/notifications',
      'GET /admin/api/v1/audit',
    ]) {
      expect(names).toContain(name);
    }
    expect(routes.length).toBeGreaterThanOrEqual(35);
  });

  it('answers 401 without a token on every operator route', async () => {
    for (const r of routes) {
      const res = await t.request({
        method: r.method as 'GET',
        url: r.url,
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("answers 403 to a customer's token on every operator route, before reading the body", async () => {
    for (const r of routes) {
      const res = await t.request({
        method: r.method as 'GET',
        url: r.url,
        token: customer.token,
        payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().msg).toBe('ليس لديك صلاحية للقيام بهذا الإجراء');
    }
  });

  it('stores nothing a customer uploads to an operator route', async () => {
    const body = multipart({ name: 'قسم مزيف', img: { file: png() } });
    const res = await t.request({ method: 'POST', url: `${ADMIN}/categories`, token: customer.token, ...body });
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('categories').selectAll().execute()).toHaveLength(0);
  });

  it('lets an operator read every list', async () => {
    for (const r of routes.filter((x) => x.method === 'GET' && !x.url.includes('/1'))) {
      const res = await t.request({ method: 'GET', url: r.url, token: operator.token });
      expect(res.statusCode, r.url).toBe(200);
      // Exports are files, everything else the JSON envelope.
      if (r.url.endsWith('.csv')) expect(res.body.startsWith('\uFEFF'), r.url).toBe(true);
      else expect(res.json().status).toBe('success');
    }
  });

  it('answers a missing row with 404 and an Arabic message, never a 500', async () => {
    for (const r of routes.filter((x) => x.url.includes('/1'))) {
      const payload =
        r.method === 'DELETE' || r.method === 'GET'
          ? undefined
          : /\/(adjust|credit|settle)$/.test(r.url)
            ? { amount: '1', reason: 'x' }
            : r.url.endsWith('/reject')
              ? { reason: 'x', cancel_msg: 'x' }
              : r.url.endsWith('cancel-request')
                ? { approve: true }
                : r.url.endsWith('/codes/delete')
                  ? { ids: [1] }
                  : r.url.endsWith('/staff')
                    ? { email: 'clerk@missing.test', password: 'clerk-pass-1' }
                    : r.url.endsWith('/refusals-seen')
                      ? { refused_count: 0 }
                      : {};
      const res = await t.request({
        method: r.method as 'GET',
        url: r.url.replace('/1', '/999999'),
        token: operator.token,
        payload,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
