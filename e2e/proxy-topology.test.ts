import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerVerifyCli } from '../scripts/lib/build.mjs';
import { newContext } from './harness/browser';
import { loginThroughForm } from './harness/login';
import { freePort, type RunningStore, repoRoot, startStore } from './harness/server';
import { useBrowser } from './harness/suite';

/**
 * The deployment compose.yaml describes, without containers: Debian's nginx with deploy/nginx.conf
 * in front of two compiled store instances (TRUST_PROXY=1) sharing one PostgreSQL database, one
 * Redis, APP_KEY and the uploads directory. A customer buys through the proxy in Chromium, both
 * instances answer, the per-IP limit counts each real client across both, and ledger:verify is clean.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const METRICS_TOKEN = randomBytes(16).toString('hex');
if (!adminUrl)
  process.stderr.write(
    '\nproxy-topology test SKIPPED: TEST_DATABASE_URL is not set (CI sets it); it needs PostgreSQL.\n\n',
  );

const API = '/public/api/v1';
const dbName = `raseed_proxy_${process.pid}_${randomBytes(3).toString('hex')}`;
let databaseUrl: string;
let stores: RunningStore[] = [];
let nginx: ChildProcess | undefined;
let nginxOut = '';
let proxyUrl: string;
let work: string;
const browser = useBrowser();

/** deploy/nginx.conf as compose runs it, pointed at these instances and this port. */
function nginxConfig(port: number, upstreams: string[]): string {
  const site = readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8')
    .replace(
      /^\s*server store1:8080[^\n]*\n\s*server store2:8080[^\n]*\n/m,
      upstreams.map((u) => `  server ${u} max_fails=2 fail_timeout=5s;\n`).join(''),
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  expect(site).toContain(upstreams[1]);
  // What the nginx image's main nginx.conf provides around conf.d, with writable paths here, plus
  // a header naming the instance that answered (for this test only).
  return `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  include /etc/nginx/mime.types;
  add_header X-Test-Upstream $upstream_addr always;
${site}
}
`;
}

/** A GET through the proxy from a chosen loopback source address (127.0.0.0/8 is all ours). */
function fromAddress(
  localAddress: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; upstream: string }> {
  return new Promise((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      `${proxyUrl}${url}`,
      {
        method,
        localAddress,
        headers: payload
          ? { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' }
          : { 'x-forwarded-for': '203.0.113.7' },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, upstream: String(res.headers['x-test-upstream'] ?? '') }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A GET through the proxy as a browser sends it (`br, gzip`), the body as it crossed the wire. */
function wireGet(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxyUrl}${url}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!adminUrl)('nginx in front of two instances on PostgreSQL and Redis', () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    work = mkdtempSync(path.join(tmpdir(), 'raseed-proxy-'));
    const shared = path.join(work, 'data');
    mkdirSync(shared);
    const env = {
      DATABASE_URL: databaseUrl,
      APP_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: shared,
      REDIS_URL: redisUrl,
      TRUST_PROXY: '1',
      // No METRICS_PORT: /metrics is on the public port, for the token only.
      METRICS_TOKEN: METRICS_TOKEN,
    };
    // The first instance migrates and seeds the demo store; the second finds it done.
    stores = [await startStore(env)];
    stores.push(await startStore(env));

    const port = await freePort();
    proxyUrl = `http://127.0.0.1:${port}`;
    const conf = path.join(work, 'nginx.conf');
    writeFileSync(
      conf,
      nginxConfig(
        port,
        stores.map((s) => new URL(s.baseUrl).host),
      ),
    );
    const check = spawnSync(NGINX, ['-t', '-p', work, '-c', conf], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX, ['-p', work, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stderr?.on('data', (d) => (nginxOut += String(d)));
    for (const deadline = Date.now() + 15_000; ; ) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${nginxOut}`);
      const ok = await fetch(`${proxyUrl}${API}/setting`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${nginxOut}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(stores.map((s) => s.stop()));
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('serves the store from both instances through the proxy', async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${proxyUrl}${API}/setting`);
      expect(res.status).toBe(200);
      upstreams.add(res.headers.get('x-test-upstream') ?? '');
    }
    expect([...upstreams].sort()).toEqual(stores.map((s) => new URL(s.baseUrl).host).sort());
    const page = await fetch(`${proxyUrl}/orders`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('keeps /metrics from whoever lacks the token through the public port', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer guessed-token-0000000000' },
      { 'x-forwarded-for': '127.0.0.1' },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${proxyUrl}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain('raseed_');
    }
    const scrape = await fetch(`${proxyUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('raseed_orders{status="pending"}');
    expect((await fetch(`${proxyUrl}/readyz`)).status).toBe(200);
  });

  it('sends a browser the first screen compressed through the proxy: its scripts within 120 KB', async () => {
    const shell = await wireGet('/login');
    expect(shell.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(shell.body).toString('utf8');
    const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    expect(scripts.length).toBeGreaterThan(1);
    let onTheWire = 0;
    for (const script of scripts) {
      const res = await wireGet(script);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toContain('Accept-Encoding');
      expect(String(res.headers['cache-control'])).toContain('immutable');
      const plain = Buffer.from(await (await fetch(`${stores[0]!.baseUrl}${script}`)).arrayBuffer());
      expect(brotliDecompressSync(res.body).equals(plain)).toBe(true);
      onTheWire += res.body.length;
    }
    expect(onTheWire).toBeLessThanOrEqual(120 * 1024);
  });

  it('a customer signs in and buys in Chromium through the proxy, and the ledger verifies', async () => {
    const demo = stores[0]!.demo!;
    const ctx = await newContext(browser.browser, proxyUrl, 'phone');
    const page = await ctx.newPage();
    await loginThroughForm(page, demo.customer.email, demo.customer.password);
    const balance = page.getByRole('banner').getByRole('link', { name: /رصيدك/ });
    await expect.poll(() => balance.textContent()).toBe('50.00 $');
    await page.goto('/');
    await page.getByLabel('ابحث عن قسم أو منتج...').fill('ببجي');
    await page.getByRole('link', { name: 'ببجي موبايل', exact: true }).click();
    await page.getByRole('link', { name: 'شدات ببجي (UC)' }).click();
    await page.getByRole('link', { name: 'شراء: 660 شدة' }).click();
    await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await page.getByRole('button', { name: 'تحقق من اللاعب' }).click();
    await page.getByText(/^اسم اللاعب: [A-Za-z]+_6789$/).waitFor();
    await page.getByRole('button', { name: /^شراء/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    await page.getByText('تم إرسال الطلب بنجاح').first().waitFor();
    await expect.poll(() => balance.textContent()).toBe('40.50 $');
    await ctx.close();

    const verify = spawnSync(process.execPath, [ledgerVerifyCli], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  });

  it('limits each real client by its own address across both instances (TRUST_PROXY=1, one hop)', async () => {
    // Two clients on their own loopback addresses; each sends a made-up X-Forwarded-For, which
    // the proxy replaces. The login limit is 20 per IP per minute, counted in the shared Redis.
    const a = `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
    const b = `127.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(2, 250)}`;
    const login = (from: string, i: number) =>
      fromAddress(from, 'POST', `${API}/login`, {
        email: `nobody-${i}-${randomBytes(3).toString('hex')}@proxy.test`,
        password: 'wrong-password-1',
      });
    const first = [];
    for (let i = 0; i < 20; i++) first.push(await login(a, i));
    expect(first.map((r) => r.status)).toEqual(Array(20).fill(401));
    // Both instances took a share of them, so only a shared count reaches the limit.
    expect(new Set(first.map((r) => r.upstream)).size).toBe(2);
    expect((await login(a, 21)).status).toBe(429);
    // Another client, and the same made-up X-Forwarded-For: not limited.
    expect((await login(b, 1)).status).toBe(401);
  });
});
