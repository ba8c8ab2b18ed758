import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /setting', () => {
  it('returns the seeded settings and three sliders', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/setting' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.setting.name).toBe('متجر رصيد');
    // Number purchases on: the demo runs its own numbers provider.
    expect(body.data.setting.online).toBe(true);
    expect(body.data.sliders).toHaveLength(3);
    expect(body.data.sliders[0].img).toMatch(/^http:\/\/localhost:80\/media\/demo\/slide-1\.svg$/);
  });

  it('serves the seeded images from local storage as images', async () => {
    const res = await t.request({ method: 'GET', url: '/media/demo/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain('<svg');
  });
});

describe('bad requests get JSON 4xx with an Arabic msg, never a 500', () => {
  const arabic = /[\u0600-\u06FF]/;
  const cases: Array<{
    name: string;
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: string;
    type?: string;
    status: number;
  }> = [
    { name: 'unknown API path', method: 'GET', url: '/public/api/v1/no-such-thing', status: 404 },
    {
      name: 'POST /setting with urlencoded garbage',
      method: 'POST',
      url: '/public/api/v1/setting',
      payload: '{{{',
      type: 'application/x-www-form-urlencoded',
      status: 404,
    },
    {
      name: 'malformed JSON',
      method: 'POST',
      url: '/public/api/v1/setting',
      payload: '{{{',
      type: 'application/json',
      status: 400,
    },
    {
      name: 'unsupported content type',
      method: 'POST',
      url: '/public/api/v1/setting',
      payload: 'x',
      type: 'application/x-unknown',
      status: 415,
    },
    { name: 'path traversal under /media', method: 'GET', url: '/media/..%2f..%2fapp.key', status: 404 },
    { name: 'private key under /media', method: 'GET', url: '/media/receipts/x.png', status: 404 },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const res = await t.request({
        method: c.method,
        url: c.url,
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
        headers: c.type ? { 'content-type': c.type } : {},
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      if (c.status !== 415 && c.status !== 400) expect(res.statusCode).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(body.status).toBe('error');
      expect(body.msg).toMatch(arabic);
    });
  }
});

describe('OpenAPI', () => {
  it('serves the generated document and a reference page', async () => {
    const doc = await t.request({ method: 'GET', url: '/public/api/v1/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/public/api/v1/setting']).toBeDefined();
    const page = await t.request({ method: 'GET', url: '/public/api/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('database', () => {
  it('runs the store on the engine under test', async () => {
    const row = await t.db.selectFrom('settings').select('name').executeTakeFirstOrThrow();
    expect(row.name).toBe('متجر رصيد');
    expect(['sqlite', 'postgres']).toContain(t.engine);
    if (process.env.TEST_ENGINE === 'postgres') expect(t.engine).toBe('postgres');
  });

  it('seeds the demo customer with a starting balance that is a ledger credit', async () => {
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'customer@raseed.demo')
      .executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', user.id).execute();
    expect(user.balance).toBe(50_000_000);
    expect(rows.reduce((s, r) => s + r.credit - r.debit, 0)).toBe(user.balance);
  });
});

describe('security headers', () => {
  it('forbid inline scripts, framing and referrer leaks on every page', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('let an API reply, opened as a page, load and frame nothing at all', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/setting' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // What steers only a page is left off a JSON reply.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });
});
