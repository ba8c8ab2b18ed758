import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/lib/precompress.mjs';
import { setupApp, type TestApp, type TestUser } from './helper';

/** A built app shell and one hashed script, as the web build leaves them (before its copies). */
const SHELL = `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="UTF-8" /><title>متجر</title>
<script type="module" crossorigin src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div>${'<!-- padding so the shell is worth compressing -->'.repeat(20)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `كلمة ${i}`))};\n`;

let dist: string;
let t: TestApp;
let customer: TestUser;
let base: string;

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One request over a real socket, the body as it crossed the wire (node:http does not inflate). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const inflate = (r: Raw): string => {
  const encoding = r.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(r.body).toString('utf8');
  return r.body.toString('utf8');
};

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'raseed-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  expect(await precompress(dist)).toBe(4);
  t = await setupApp({ seed: true, env: { WEB_DIST: dist } });
  customer = await t.createUser();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built app on the wire', () => {
  it('sends the build’s brotli copy to a browser asking br, gzip, and the same script', async () => {
    const r = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toContain('javascript');
    expect(r.headers.vary).toContain('Accept-Encoding');
    expect(r.headers['cache-control']).toContain('immutable');
    expect(r.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(inflate(r)).toBe(SCRIPT);
  });

  it('sends gzip to a client that only takes gzip, and the plain file to one that asks nothing', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(inflate(gz)).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('compresses the app shell of any address, still never cached', async () => {
    const r = await get('/orders', { 'accept-encoding': 'br, gzip' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(inflate(r)).toBe(SHELL);
  });

  it('compresses a product page with its link preview', async () => {
    const product = await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
    const r = await get(`/products/${product.id}`, { 'accept-encoding': 'br, gzip', host: 'shop.test' });
    expect(r.headers['content-encoding']).toBe('br');
    expect(inflate(r)).toContain('<meta property="og:url" content="http://shop.test/products/');
  });
});

describe('API replies on the wire', () => {
  const auth = () => ({ authorization: `Bearer ${customer.token}` });

  it('compresses the catalog for a client that asks, with image links made whole, the same JSON as plain', async () => {
    const plain = await get('/public/api/v1/categories', auth());
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const r = await get('/public/api/v1/categories', { ...auth(), 'accept-encoding': encoding });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers.vary).toMatch(/authorization/i);
      expect(r.headers.vary).toMatch(/accept-encoding/i);
      expect(r.headers.etag).toBe(plain.headers.etag);
      expect(r.body.length).toBeLessThan(plain.body.length / 2);
      expect(inflate(r)).toBe(plain.body.toString('utf8'));
    }
    expect(plain.body.toString('utf8')).toMatch(/"img":"http:\/\/127\.0\.0\.1:\d+\/media\//);
  });

  it('compresses a reply made for one request (a product search) too', async () => {
    const plain = await get(`/public/api/v1/search?q=${encodeURIComponent('شدة')}`, auth());
    const r = await get(`/public/api/v1/search?q=${encodeURIComponent('شدة')}`, { ...auth(), 'accept-encoding': 'br' });
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(r.headers['content-encoding']).toBe('br');
    expect(JSON.parse(inflate(r))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('leaves a small reply and a 304 alone', async () => {
    const small = await get('/public/api/v1/me', { ...auth(), 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const first = await get('/public/api/v1/categories', auth());
    const again = await get('/public/api/v1/categories', {
      ...auth(),
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('an error in Arabic still reads the same compressed or not', async () => {
    const r = await get('/public/api/v1/categories', { 'accept-encoding': 'br' });
    expect(r.status).toBe(401);
    expect(JSON.parse(inflate(r)).msg).toMatch(/[\u0600-\u06FF]/);
  });
});
