import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absolutize } from '../src/kernel/absolute-urls';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, PUBLIC, requestTopup } from './operator-fixtures';

const SHOP = 'https://shop.example.com';
const API = 'https://api.example.com';
let t: TestApp;
let customer: TestUser;

beforeAll(async () => {
  t = await setupApp({
    seed: true,
    env: { CORS_ORIGINS: `${SHOP}, https://console.example.com`, PUBLIC_URL: `${API}/` },
  });
  customer = await t.createUser({ balance: 5_000_000 });
});
afterAll(async () => {
  await t.close();
});

const preflight = (url: string, origin: string) =>
  t.request({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type,idempotency-key',
    },
  });
const corsHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((h) => h.startsWith('access-control-'));

describe('cross-origin calls (CORS_ORIGINS)', () => {
  it('answers a listed origin’s preflight with its origin, the three request headers and no cookies', async () => {
    for (const url of [`${PUBLIC}/orders`, `${ADMIN}/users/1/credit`]) {
      const res = await preflight(url, SHOP);
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(SHOP);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toEqual([
        'authorization',
        'content-type',
        'idempotency-key',
      ]);
      expect(res.headers['access-control-allow-methods']).toContain('PATCH');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toContain('Origin');
    }
  });

  it('lets a listed origin read replies, errors included, and the store’s own origin too', async () => {
    const ok = await t.request({
      method: 'GET',
      url: `${PUBLIC}/me`,
      token: customer.token,
      headers: { origin: SHOP },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(SHOP);
    const refused = await t.request({ method: 'GET', url: `${PUBLIC}/me`, headers: { origin: SHOP } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(SHOP);
    expect(refused.json().msg).toMatch(/[\u0600-\u06FF]/);
    const own = await t.request({ method: 'GET', url: `${PUBLIC}/setting`, headers: { origin: API } });
    expect(own.headers['access-control-allow-origin']).toBe(API);
  });

  it('gives an origin that is not listed no CORS header at all', async () => {
    for (const origin of ['https://evil.example.com', 'https://shop.example.com.evil.net', 'null']) {
      const pre = await preflight(`${PUBLIC}/orders`, origin);
      expect(corsHeaders(pre.headers), origin).toEqual([]);
      const get = await t.request({ method: 'GET', url: `${PUBLIC}/me`, token: customer.token, headers: { origin } });
      expect(corsHeaders(get.headers), origin).toEqual([]);
    }
  });
});

describe('absolute image and receipt links (PUBLIC_URL)', () => {
  it('starts every catalog, settings and operator image with PUBLIC_URL', async () => {
    const cats = await t.request({ method: 'GET', url: `${PUBLIC}/categories`, token: customer.token });
    const imgs = cats
      .json()
      .data.categories.map((c: { img: string | null }) => c.img)
      .filter(Boolean);
    expect(imgs.length).toBeGreaterThan(0);
    for (const img of imgs) expect(img).toMatch(/^https:\/\/api\.example\.com\/media\//);
    const op = await t.createUser({ role: 'operator' });
    const adminCats = (await t.request({ method: 'GET', url: `${ADMIN}/categories`, token: op.token })).json().data
      .categories;
    expect(adminCats.find((c: { img: string | null }) => c.img)?.img).toMatch(/^https:\/\/api\.example\.com\/media\//);
    const image = await t.request({ method: 'GET', url: new URL(imgs[0]).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('gives the customer a whole receipt link that works', async () => {
    const banks = (await t.request({ method: 'GET', url: `${PUBLIC}/banks`, token: customer.token })).json().data.banks;
    await requestTopup(t, customer, banks[0].id, '10');
    const charge = (await t.request({ method: 'GET', url: `${PUBLIC}/charges`, token: customer.token })).json().data
      .charges[0];
    expect(charge.img).toMatch(/^https:\/\/api\.example\.com\/public\/api\/v1\/receipts\/.+\?expires=/);
    const url = new URL(charge.img);
    const receipt = await t.request({ method: 'GET', url: url.pathname + url.search });
    expect(receipt.statusCode).toBe(200);
  });

  it('uses the request’s own origin when PUBLIC_URL is unset, and leaves text alone', async () => {
    const plain = await setupApp({ seed: true });
    try {
      const u = await plain.createUser();
      const res = await plain.request({
        method: 'GET',
        url: `${PUBLIC}/categories`,
        token: u.token,
        headers: { host: 'store.local:8080' },
      });
      expect(res.json().data.categories[0].img).toMatch(/^http:\/\/store\.local:8080\/media\//);
    } finally {
      await plain.close();
    }
    const json = JSON.stringify({
      img: '/media/a.png',
      info: 'see "/media/b.png", and ,"/media/c"',
      list: ['/media/d.png'],
    });
    expect(JSON.parse(absolutize(json, 'https://x.example'))).toEqual({
      img: 'https://x.example/media/a.png',
      info: 'see "/media/b.png", and ,"/media/c"',
      list: ['https://x.example/media/d.png'],
    });
  });
});
