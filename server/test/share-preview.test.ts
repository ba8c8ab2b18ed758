import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, multipart, png } from './operator-fixtures';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The built app shell's head as the web build writes it (web/index.html), with its module script. */
const SHELL = `<!doctype html>
<html lang="ar" dir="rtl" class="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="متجر رصيد لشحن الألعاب والبطاقات الرقمية" />
    <title>الصفحة الرئيسية</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const HOSTILE = `"><script>alert('x')</script> «شدات» & 'more'`;

function elements(node: Node, out: Element[] = []): Element[] {
  if ('tagName' in node) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) elements(child, out);
  if ('content' in node && node.content) elements(node.content as Node, out);
  return out;
}

const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** What a link preview crawler reads: the head's meta tags by property/name, the title, the scripts. */
function readPage(html: string) {
  const all = elements(parse(html));
  const head = all.find((e) => e.tagName === 'head');
  const inHead = head ? elements(head) : [];
  const meta: Record<string, string | undefined> = {};
  for (const m of inHead.filter((e) => e.tagName === 'meta')) {
    const key = attr(m, 'property') ?? attr(m, 'name');
    if (key) meta[key] = attr(m, 'content');
  }
  const title = inHead.find((e) => e.tagName === 'title');
  const titleText = title?.childNodes.map((c) => ('value' in c ? c.value : '')).join('');
  const preloads = inHead
    .filter((e) => e.tagName === 'link' && attr(e, 'rel') === 'preload')
    .map((e) => ({ as: attr(e, 'as'), href: attr(e, 'href') }));
  return { meta, title: titleText, scripts: all.filter((e) => e.tagName === 'script').length, preloads };
}

let dist: string;
let t: TestApp;
let operator: TestUser;
let ids: Record<string, number>;
const idOf = (name: string): number => {
  const id = ids[name];
  if (id === undefined) throw new Error(`no product named ${name} in the demo catalog`);
  return id;
};

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'raseed-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  t = await setupApp({ seed: true, env: { WEB_DIST: dist } });
  operator = await t.createUser({ role: 'operator' });
  ids = {};
  for (const r of await t.db.selectFrom('products').select(['id', 'name']).execute()) ids[r.name] = r.id;
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

async function page(id: number | string, headers: Record<string, string> = { host: 'shop.test' }) {
  const res = await t.request({ method: 'GET', url: `/products/${id}`, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return { res, ...readPage(res.body) };
}

describe('link previews of /products/{id} (Open Graph, served in the HTML)', () => {
  it("carry the product's name, prices, picture and address; the title stays the site's", async () => {
    const id = idOf('660 شدة');
    const { meta, title, scripts, res } = await page(id);
    expect(meta['og:title']).toBe('660 شدة');
    expect(meta['og:description']).toBe('9.50 $ · 134,000 ل.س · 316.00 ل.ت');
    expect(meta['og:url']).toBe(`http://shop.test/products/${id}`);
    expect(meta['og:image']).toMatch(/^http:\/\/shop\.test\/media\/.+/);
    expect(meta['og:site_name']).toBe('متجر رصيد');
    expect(meta['twitter:card']).toBe('summary_large_image');
    expect(title).toBe('الصفحة الرئيسية');
    expect(scripts).toBe(1);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The picture is really there for the crawler to fetch.
    const img = await t.request({ method: 'GET', url: new URL(meta['og:image'] ?? '').pathname });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);
  });

  it("ask for the product's own picture with the page, the one the screen shows first", async () => {
    const id = idOf('660 شدة');
    const product = await t.request({
      method: 'GET',
      url: `/public/api/v1/products/${id}`,
      headers: { host: 'shop.test' },
    });
    const { preloads } = await page(id);
    expect(preloads).toEqual([{ as: 'image', href: product.json().data.product.img }]);
  });

  it('a free-quantity product shows its unit price; one not for sale says so', async () => {
    expect((await page(idOf('شدات بالعدد'))).meta['og:description']).toBe('0.015 $ للوحدة');
    expect((await page(idOf('1800 شدة'))).meta['og:description']).toContain('غير متوفر حالياً');
  });

  it('escape a hostile name and keep it exact, with no extra element in the page', async () => {
    const created = await t.request({
      method: 'POST',
      url: `${ADMIN}/products`,
      token: operator.token,
      ...multipart({
        category_id: (await t.db.selectFrom('categories').select('id').executeTakeFirstOrThrow()).id,
        name: HOSTILE,
        price: '1.25',
        img: { file: png(8, 8) },
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: number = created.json().data.product.id;
    const { meta, scripts, res } = await page(id);
    expect(meta['og:title']).toBe(HOSTILE);
    expect(meta['twitter:title']).toBe(HOSTILE);
    expect(meta['og:image:alt']).toBe(HOSTILE);
    expect(scripts).toBe(1);
    expect(res.body).not.toContain("<script>alert('x')</script>");
  });

  it('use PUBLIC_URL when set, else the address the page was asked on', async () => {
    const id = idOf('60 شدة');
    expect((await page(id, { host: 'other.example:8080' })).meta['og:url']).toBe(
      `http://other.example:8080/products/${id}`,
    );
    const hostile = await page(id, { host: 'evil"><script>x</script>.test' });
    expect(hostile.scripts).toBe(1);

    const withUrl = await setupApp({ env: { WEB_DIST: dist, PUBLIC_URL: 'https://raseed.example/' } });
    try {
      const op = await withUrl.createUser({ role: 'operator' });
      const category = await withUrl.request({
        method: 'POST',
        url: `${ADMIN}/categories`,
        token: op.token,
        payload: { name: 'ألعاب' },
      });
      const made = await withUrl.request({
        method: 'POST',
        url: `${ADMIN}/products`,
        token: op.token,
        ...multipart({
          category_id: category.json().data.category.id,
          name: 'بطاقة',
          price: '3',
          img: { file: png() },
        }),
      });
      const pid = made.json().data.product.id;
      const res = await withUrl.request({ method: 'GET', url: `/products/${pid}`, headers: { host: 'shop.test' } });
      const { meta } = readPage(res.body);
      expect(meta['og:url']).toBe(`https://raseed.example/products/${pid}`);
      expect(meta['og:image']).toMatch(/^https:\/\/raseed\.example\/media\//);
    } finally {
      await withUrl.close();
    }
  });

  it("follow the operator's edit at once (the brief cache is dropped on a write)", async () => {
    const id = idOf('325 شدة');
    expect((await page(id)).meta['og:title']).toBe('325 شدة');
    const patched = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/products/${id}`,
      token: operator.token,
      payload: { name: '325 شدة — عرض' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await page(id)).meta['og:title']).toBe('325 شدة — عرض');
  });

  it('an unknown or malformed product id gets the plain app shell, which shows "not found"', async () => {
    for (const id of ['999999', 'abc', '0', '99999999999']) {
      const { meta, title } = await page(id);
      expect(meta['og:title']).toBeUndefined();
      expect(title).toBe('الصفحة الرئيسية');
    }
  });
});
