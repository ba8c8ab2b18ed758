import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, PUBLIC } from './operator-fixtures';

// A storefront whose settings cannot be read still shows its name: the copy this instance read
// last answers, and a storefront never read yet shows the name the storefront map holds.

const SHELL = `<!doctype html>
<html lang="ar" dir="rtl"><head>
<meta name="theme-color" content="#0b1020" />
<meta name="description" content="متجر رصيد لشحن الألعاب والبطاقات الرقمية" />
<title>الصفحة الرئيسية</title>
</head><body><div id="root"></div></body></html>`;

let t: TestApp;
let op: TestUser;
let dist: string;

const onHost = (host: string, url: string) => t.request({ method: 'GET', url, headers: { host } });

/** The settings table out of reach, as a read fails while the database is away; put back after. */
async function withSettingsUnreadable(run: () => Promise<void>): Promise<void> {
  await sql`alter table settings rename to settings_away`.execute(t.db);
  t.app.caches.invalidateReads();
  try {
    await run();
  } finally {
    await sql`alter table settings_away rename to settings`.execute(t.db);
    t.app.caches.invalidateReads();
  }
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'raseed-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  t = await setupApp({ seed: true, env: { WEB_DIST: dist } });
  op = await t.createUser({ role: 'operator' });
  for (const [name, host] of [
    ['متجر ألف', 'a.localhost'],
    ['متجر باء', 'b.localhost'],
  ]) {
    const made = await t.request({
      method: 'POST',
      url: `${ADMIN}/storefronts`,
      token: op.token,
      payload: { name, hosts: [host] },
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  const a = (await onHost('a.localhost', `${PUBLIC}/setting`)).json().data.setting;
  expect(a.name).toBe('متجر ألف');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('a storefront whose settings cannot be read', () => {
  it('answers with the copy read last, and with its name from the storefront map before any read', async () => {
    const before = (await onHost('a.localhost', `${PUBLIC}/setting`)).json().data;
    await withSettingsUnreadable(async () => {
      const a = await onHost('a.localhost', `${PUBLIC}/setting`);
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().data).toEqual(before);
      const b = await onHost('b.localhost', `${PUBLIC}/setting`);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().data.setting).toMatchObject({ name: 'متجر باء', online: false, logo: null });
      expect(b.json().data.sliders).toEqual([]);
    });
    const b = (await onHost('b.localhost', `${PUBLIC}/setting`)).json().data.setting;
    expect(b).toMatchObject({ name: 'متجر باء', online: true });
  });

  it('still paints its page and its manifest with its name', async () => {
    await withSettingsUnreadable(async () => {
      const page = await onHost('b.localhost', '/');
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain('<title>متجر باء</title>');
      const deep = await onHost('a.localhost', '/orders');
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>متجر ألف</title>');
      const product = await onHost('a.localhost', '/products/1');
      expect(product.statusCode).toBe(200);
      expect(product.body).toContain('<title>متجر ألف</title>');
      const manifest = await onHost('a.localhost', '/manifest.webmanifest');
      expect(manifest.statusCode, manifest.body).toBe(200);
      expect(JSON.parse(manifest.body).name).toBe('متجر ألف');
    });
  });
});
