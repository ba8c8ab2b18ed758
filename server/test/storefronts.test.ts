import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openRuntime } from '../src/bootstrap';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, multipart, PUBLIC, png } from './operator-fixtures';

// Two storefronts on one server (issue 34, first slice): told apart by Host and by Origin, each
// with its own settings, sliders, banks and partners; the operator's CRUD and its refusals; an
// unknown host under STOREFRONT_STRICT=1.

const SHELL = `<!doctype html>
<html lang="ar" dir="rtl"><head>
<meta name="theme-color" content="#0b1020" />
<link rel="manifest" href="/manifest.webmanifest" />
<meta name="description" content="متجر رصيد لشحن الألعاب والبطاقات الرقمية" />
<title>الصفحة الرئيسية</title>
</head><body><div id="root"></div></body></html>`;

const ARABIC = /[\u0600-\u06FF]/;
const A_ORIGIN = 'https://a-shop.example';

let t: TestApp;
let op: TestUser;
let customer: TestUser;
/** A customer of the storefront on each host: a customer is refused on every other storefront. */
const customers = new Map<string, TestUser>();
async function customerOn(host: string): Promise<TestUser> {
  let found = customers.get(host);
  if (!found) {
    const storefrontId = host === 'a.localhost' ? a : host === 'b.localhost' ? b : 1;
    found = storefrontId === 1 ? customer : await t.createUser({ storefrontId });
    customers.set(host, found);
  }
  return found;
}
let dist: string;
let a: number;
let b: number;

const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `${ADMIN}${url}`, token: op.token, ...(payload ? { payload } : {}) });
const onHost = (host: string, url: string, extra: { token?: string; origin?: string } = {}) =>
  t.request({
    method: 'GET',
    url,
    headers: { host, ...(extra.origin ? { origin: extra.origin } : {}) },
    ...(extra.token ? { token: extra.token } : {}),
  });

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'raseed-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  t = await setupApp({ seed: true, env: { WEB_DIST: dist, CORS_ORIGINS: 'https://provider-shop.example' } });
  op = await t.createUser({ role: 'operator' });
  customer = await t.createUser();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the operator’s storefronts', () => {
  it('lists storefront 1, the provider’s own store', async () => {
    const res = await admin('GET', '/storefronts');
    expect(res.statusCode, res.body).toBe(200);
    // The migration names it after the settings a store has; this one had none yet (the demo came after).
    expect(res.json().data.storefronts).toEqual([
      expect.objectContaining({ id: 1, name: 'رصيد', hosts: [], origins: [], markup_percent: 0, active: true }),
    ]);
  });

  it('adds storefronts with lower-cased hosts and a copy of the provider’s settings under their names', async () => {
    const made = await admin('POST', '/storefronts', {
      name: 'متجر ألف',
      hosts: ['A.Localhost', 'a.localhost'],
      origins: [`${A_ORIGIN}/`],
      markup_percent: 12.5,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.storefront).toMatchObject({
      name: 'متجر ألف',
      hosts: ['a.localhost'],
      origins: [A_ORIGIN],
      markup_percent: 12.5,
      active: true,
    });
    a = made.json().data.storefront.id;
    const other = await admin('POST', '/storefronts', { name: 'متجر باء', hosts: ['b.localhost'] });
    expect(other.statusCode, other.body).toBe(201);
    b = other.json().data.storefront.id;
    expect(b).toBe(a + 1);

    const provider = (await admin('GET', '/settings')).json().data.setting;
    const copy = (await admin('GET', `/settings?storefront=${a}`)).json().data.setting;
    expect(copy).toEqual({ ...provider, name: 'متجر ألف' });
    expect((await admin('GET', '/storefronts')).json().data.storefronts.map((s: { id: number }) => s.id)).toEqual([
      1,
      a,
      b,
    ]);
  });

  it('refuses a host or origin another storefront holds with 409 and the address named in Arabic', async () => {
    const host = await admin('POST', '/storefronts', { name: 'متجر جيم', hosts: ['a.localhost'] });
    expect(host.statusCode).toBe(409);
    expect(host.json().msg).toContain('a.localhost');
    expect(host.json().msg).toMatch(ARABIC);
    const origin = await admin('PATCH', `/storefronts/${b}`, { origins: [A_ORIGIN] });
    expect(origin.statusCode).toBe(409);
    expect(origin.json().msg).toContain(A_ORIGIN);
    // CORS_ORIGINS are storefront 1's.
    const provider = await admin('PATCH', `/storefronts/${b}`, { origins: ['https://provider-shop.example'] });
    expect(provider.statusCode).toBe(409);
    // Keeping one's own host is no conflict.
    const own = await admin('PATCH', `/storefronts/${a}`, { hosts: ['a.localhost'] });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses bad input with Arabic messages', async () => {
    const cases: [object, string][] = [
      [{ hosts: ['x.localhost'] }, 'name'],
      [{ name: 'متجر' }, 'hosts'],
      [{ name: 'متجر', hosts: [] }, 'hosts'],
      [{ name: 'متجر', hosts: ['https://x.example/'] }, 'hosts.0'],
      [{ name: 'متجر', hosts: ['x.localhost'], origins: ['https://x.example/shop'] }, 'origins.0'],
      [{ name: 'متجر', hosts: ['x.localhost'], markup_percent: 12.345 }, 'markup_percent'],
      [{ name: 'متجر', hosts: ['x.localhost'], markup_percent: -1 }, 'markup_percent'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin('POST', '/storefronts', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().msg).toMatch(ARABIC);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
  });

  it('keeps storefront 1 on, and answers an unknown storefront with 404 in Arabic', async () => {
    const off = await admin('PATCH', '/storefronts/1', { active: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().msg).toMatch(ARABIC);
    const missing = await admin('PATCH', '/storefronts/9999', { name: 'لا شيء' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toMatch(ARABIC);
    for (const url of ['/settings', '/sliders', '/banks', '/partners']) {
      const res = await admin('GET', `${url}?storefront=9999`);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().msg, url).toBe('المتجر غير موجود');
    }
    const renamed = await admin('PATCH', '/storefronts/1', { name: 'المزوّد', hosts: ['provider.localhost'] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.storefront).toMatchObject({ id: 1, name: 'المزوّد', hosts: ['provider.localhost'] });
  });
});

describe('each storefront’s own face', () => {
  let aBank: number;

  beforeAll(async () => {
    const bank = await admin('POST', `/banks?storefront=${a}`, { name: 'بنك ألف', iban: 'SY00 1111' });
    expect(bank.statusCode, bank.body).toBe(201);
    aBank = bank.json().data.bank.id;
    const slider = await t.request({
      method: 'POST',
      url: `${ADMIN}/sliders?storefront=${b}`,
      token: op.token,
      ...multipart({ link: '/products/1', img: { file: png(8, 4) } }),
    });
    expect(slider.statusCode, slider.body).toBe(201);
    expect((await admin('POST', `/partners?storefront=${a}`, { name: 'وكيل ألف' })).statusCode).toBe(201);
    const settings = await admin('PATCH', `/settings?storefront=${b}`, {
      whatsapp: '+963 900 000 222',
      theme_color: '#AA3300',
    });
    expect(settings.statusCode, settings.body).toBe(200);
  });

  it('tells the storefronts apart by Host: name, sliders and settings', async () => {
    const provider = (await onHost('localhost', `${PUBLIC}/setting`)).json().data;
    const one = (await onHost('a.localhost', `${PUBLIC}/setting`)).json().data;
    const two = (await onHost('B.LOCALHOST', `${PUBLIC}/setting`)).json().data;
    expect(provider.setting.name).toBe('متجر رصيد');
    expect(provider.sliders.length).toBeGreaterThan(0);
    expect(one.setting.name).toBe('متجر ألف');
    expect(one.sliders).toEqual([]);
    expect(two.setting).toMatchObject({ name: 'متجر باء', whatsapp: '+963 900 000 222' });
    expect(two.sliders).toHaveLength(1);
    expect(two.sliders[0].img).toMatch(/^http:\/\/b\.localhost\/media\//i);
    expect(provider.setting.whatsapp).not.toBe('+963 900 000 222');
  });

  it('lists each storefront’s own banks and partners', async () => {
    const banksOn = async (host: string) =>
      (await onHost(host, `${PUBLIC}/banks`, { token: (await customerOn(host)).token }))
        .json()
        .data.banks.map((x: { name: string }) => x.name);
    expect(await banksOn('a.localhost')).toEqual(['بنك ألف']);
    expect(await banksOn('b.localhost')).toEqual([]);
    expect((await banksOn('localhost')).length).toBeGreaterThan(0);
    expect(await banksOn('localhost')).not.toContain('بنك ألف');
    const partnersOn = async (host: string) =>
      (await onHost(host, `${PUBLIC}/partners`, { token: (await customerOn(host)).token }))
        .json()
        .data.partners.map((x: { name: string }) => x.name);
    expect(await partnersOn('a.localhost')).toEqual(['وكيل ألف']);
    expect(await partnersOn('localhost')).not.toContain('وكيل ألف');
  });

  it('takes a top-up to the storefront’s own bank and refuses another storefront’s', async () => {
    const topup = async (host: string) => {
      const form = multipart({ amount: '10', bank_id: aBank, img: { file: png(64, 64) } });
      return t.request({
        method: 'POST',
        url: `${PUBLIC}/banks`,
        token: (await customerOn(host)).token,
        headers: { ...form.headers, host },
        payload: form.payload,
      });
    };
    const there = await topup('b.localhost');
    expect(there.statusCode).toBe(422);
    expect(Object.keys(there.json().errors)).toContain('bank_id');
    const home = await topup('a.localhost');
    expect(home.statusCode, home.body).toBe(200);
  });

  it('tells a cross-origin caller apart by its Origin, and lets only listed origins read', async () => {
    const res = await onHost('api.provider.example', `${PUBLIC}/setting`, { origin: A_ORIGIN });
    expect(res.json().data.setting.name).toBe('متجر ألف');
    expect(res.headers['access-control-allow-origin']).toBe(A_ORIGIN);
    const provider = await onHost('api.provider.example', `${PUBLIC}/setting`, {
      origin: 'https://provider-shop.example',
    });
    expect(provider.json().data.setting.name).toBe('متجر رصيد');
    expect(provider.headers['access-control-allow-origin']).toBe('https://provider-shop.example');
    const stranger = await onHost('b.localhost', `${PUBLIC}/setting`, { origin: 'https://evil.example' });
    expect(stranger.json().data.setting.name).toBe('متجر باء');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
    // An agent's site is no console: the operator API keeps to CORS_ORIGINS.
    const console = await t.request({
      method: 'GET',
      url: `${ADMIN}/storefronts`,
      token: op.token,
      headers: { origin: A_ORIGIN },
    });
    expect(console.statusCode).toBe(200);
    expect(console.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps the operator’s rows to their storefront', async () => {
    const banks = (await admin('GET', `/banks?storefront=${a}`)).json().data.banks;
    expect(banks.map((x: { id: number }) => x.id)).toEqual([aBank]);
    expect((await admin('GET', '/banks')).json().data.banks.map((x: { id: number }) => x.id)).not.toContain(aBank);
    const wrong = await admin('PATCH', `/banks/${aBank}?storefront=${b}`, { name: 'بنك مسروق' });
    expect(wrong.statusCode).toBe(404);
    expect((await admin('DELETE', `/banks/${aBank}`)).statusCode).toBe(404);
    expect((await admin('PATCH', `/banks/${aBank}?storefront=${a}`, { name: 'بنك ألف' })).statusCode).toBe(200);
  });

  it('brands the page shell, the manifest and the icons by host at first paint', async () => {
    const page = await onHost('a.localhost', '/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>متجر ألف</title>');
    expect(page.body).toContain('<meta name="description" content="متجر ألف" />');
    expect(page.body).not.toContain('رصيد');
    const deep = await onHost('b.localhost', '/wallet');
    expect(deep.body).toContain('<title>متجر باء</title>');
    expect(deep.body).toContain('<meta name="theme-color" content="#aa3300" />');
    expect(page.body).toContain('<meta name="theme-color" content="#0b1020" />');
    const bManifest = JSON.parse((await onHost('b.localhost', '/manifest.webmanifest')).body);
    expect(bManifest).toMatchObject({ name: 'متجر باء', theme_color: '#aa3300' });
    // The provider's own store gets the built file unchanged.
    expect((await onHost('localhost', '/')).body).toBe(SHELL);
    const manifest = JSON.parse((await onHost('a.localhost', '/manifest.webmanifest')).body);
    expect(manifest).toMatchObject({ name: 'متجر ألف', theme_color: '#0b1020' });
    expect(JSON.parse((await onHost('localhost', '/manifest.webmanifest')).body).name).toBe('متجر رصيد');
    const icon = await onHost('a.localhost', '/icons/192.png');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('shows a rename at once on the instance that made it', async () => {
    expect((await admin('PATCH', `/settings?storefront=${a}`, { name: 'متجر ألف الجديد' })).statusCode).toBe(200);
    expect((await onHost('a.localhost', `${PUBLIC}/setting`)).json().data.setting.name).toBe('متجر ألف الجديد');
    expect((await onHost('a.localhost', '/')).body).toContain('<title>متجر ألف الجديد</title>');
    // A name is text in the page, whatever it holds: `$&` and `$1` are not patterns.
    expect((await admin('PATCH', `/settings?storefront=${a}`, { name: 'ألف $& $1 <b>' })).statusCode).toBe(200);
    const named = (await onHost('a.localhost', '/')).body;
    expect(named).toContain('<title>ألف $&amp; $1 &lt;b&gt;</title>');
    expect(named).toContain('<meta name="description" content="ألف $&amp; $1 &lt;b&gt;" />');
    expect((await admin('PATCH', `/settings?storefront=${a}`, { name: 'متجر ألف الجديد' })).statusCode).toBe(200);
    expect((await onHost('localhost', `${PUBLIC}/setting`)).json().data.setting.name).toBe('متجر رصيد');
    // The provider's own colour, once set, is painted first too; its title stays the shell's.
    expect((await admin('PATCH', '/settings', { theme_color: '#123456' })).statusCode).toBe(200);
    const provider = (await onHost('localhost', '/')).body;
    expect(provider).toContain('<meta name="theme-color" content="#123456" />');
    expect(provider).toContain('<title>الصفحة الرئيسية</title>');
    expect((await admin('PATCH', '/settings', { theme_color: '' })).statusCode).toBe(200);
    expect((await onHost('localhost', '/')).body).toBe(SHELL);
  });

  it('answers a switched-off storefront’s host with an Arabic 404: JSON on the API, a page elsewhere', async () => {
    expect((await admin('PATCH', `/storefronts/${b}`, { active: false })).statusCode).toBe(200);
    try {
      const api = await onHost('b.localhost', `${PUBLIC}/setting`);
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ status: 'error', code: 'not_found', msg: 'هذا المتجر متوقف حالياً' });
      const page = await onHost('b.localhost', '/');
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('هذا المتجر متوقف حالياً');
      // The operator still edits it.
      expect((await admin('GET', `/settings?storefront=${b}`)).statusCode).toBe(200);
    } finally {
      expect((await admin('PATCH', `/storefronts/${b}`, { active: true })).statusCode).toBe(200);
    }
    expect((await onHost('b.localhost', `${PUBLIC}/setting`)).statusCode).toBe(200);
  });

  it('a storefront added on one instance is known to another within a second', async () => {
    const runtime = await openRuntime(t.config, t.pgSchema ? { pgSchema: t.pgSchema } : {});
    const second = await buildApp({
      config: t.config,
      db: runtime.db,
      engine: runtime.engine,
      storage: runtime.storage,
      logger: false,
    });
    await second.ready();
    try {
      const ask = async () =>
        (await second.inject({ method: 'GET', url: `${PUBLIC}/setting`, headers: { host: 'c.localhost' } })).json().data
          .setting.name;
      expect(await ask()).toBe('متجر رصيد');
      const made = await admin('POST', '/storefronts', { name: 'متجر جيم', hosts: ['c.localhost'] });
      expect(made.statusCode, made.body).toBe(201);
      const madeAt = Date.now();
      await new Promise((r) => setTimeout(r, Math.max(0, madeAt + 1_000 - Date.now())));
      expect(await ask()).toBe('متجر جيم');
    } finally {
      await second.close();
      await runtime.close();
    }
  });
});

describe('STOREFRONT_STRICT=1', () => {
  let s: TestApp;
  let sop: TestUser;
  beforeAll(async () => {
    // Behind one trusted proxy: the host the proxy was asked for is in X-Forwarded-Host.
    s = await setupApp({
      env: { WEB_DIST: dist, STOREFRONT_STRICT: '1', TRUST_PROXY: '1', PUBLIC_URL: 'https://store.example' },
    });
    sop = await s.createUser({ role: 'operator' });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers an unknown host with a clear 404, and a listed one as its storefront', async () => {
    const api = await s.request({ method: 'GET', url: `${PUBLIC}/setting`, headers: { host: 'nobody.example' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found', msg: 'لا يوجد متجر على هذا العنوان' });
    const page = await s.request({ method: 'GET', url: '/', headers: { host: 'nobody.example' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('لا يوجد متجر على هذا العنوان');
    // Probes and the operator API belong to no storefront.
    expect((await s.request({ method: 'GET', url: '/healthz', headers: { host: '10.0.0.5' } })).statusCode).toBe(200);
    const listed = await s.request({
      method: 'PATCH',
      url: `${ADMIN}/storefronts/1`,
      token: sop.token,
      headers: { host: 'nobody.example' },
      payload: { hosts: ['shop.example'] },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const known = await s.request({ method: 'GET', url: `${PUBLIC}/setting`, headers: { host: 'shop.example' } });
    expect(known.statusCode).toBe(200);
    expect(known.json().data.setting.name).toBe('رصيد');
    // PUBLIC_URL's host is storefront 1's without a row, and no other storefront's to take.
    const own = await s.request({ method: 'GET', url: `${PUBLIC}/setting`, headers: { host: 'store.example' } });
    expect(own.statusCode).toBe(200);
    const taken = await s.request({
      method: 'POST',
      url: `${ADMIN}/storefronts`,
      token: sop.token,
      payload: { name: 'متجر', hosts: ['store.example'] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain('store.example');
  });

  it('takes the forwarded host from a trusted proxy only', async () => {
    const proxied = await s.request({
      method: 'GET',
      url: `${PUBLIC}/setting`,
      headers: { host: '10.0.0.7:8080', 'x-forwarded-host': 'shop.example' },
    });
    expect(proxied.statusCode, proxied.body).toBe(200);
    // The trusted proxy's word is the host, whatever the Host header says.
    const forwarded = await s.request({
      method: 'GET',
      url: `${PUBLIC}/setting`,
      headers: { host: 'shop.example', 'x-forwarded-host': 'nobody.example' },
    });
    expect(forwarded.statusCode).toBe(404);
    // Without TRUST_PROXY the header is nobody's word: the Host itself decides.
    const direct = await t.request({
      method: 'GET',
      url: `${PUBLIC}/setting`,
      headers: { host: 'localhost', 'x-forwarded-host': 'a.localhost' },
    });
    expect(direct.json().data.setting.name).toBe('متجر رصيد');
  });
});
