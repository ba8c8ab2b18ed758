import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { compressReplies } from './kernel/compression';
import { msg } from './kernel/messages-ar';
import { errorBody } from './kernel/error-codes';
import { escapeHtml } from './kernel/html';
import { pricingCached, productSharePreview } from './modules/catalog';
import { getSettingsRow, storefrontFace } from './modules/settings';
import { PROVIDER_STOREFRONT } from './kernel/http/storefront';

declare module 'fastify' {
  interface FastifyReply {
    sendIndex(): Promise<FastifyReply>;
  }
}

/**
 * Serves the built single-page app. Hashed files under /assets are cached for a year; every
 * other non-API GET gets index.html (history fallback), which is never cached so a new
 * release is picked up at once. A product page also carries its link preview (below).
 *
 * The build writes brotli and gzip copies of every text file beside it (scripts/lib/precompress.mjs);
 * a browser that asks gets one of those, compressed once at build time instead of on each request.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  const shell = hasWeb ? readFileSync(path.join(dist, 'index.html'), 'utf8') : '';
  app.decorateReply('sendIndex', async function sendIndex(this: FastifyReply) {
    if (!hasWeb) return this.code(404).send(errorBody('not_found', msg.routeNotFound));
    const branded = await storefrontShell(app, shell, this.request.storefrontId);
    this.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // The provider's own store in the app's colour gets the built file (and its precompressed copies).
    if (branded === null) return this.sendFile('index.html', dist, { cacheControl: false });
    return this.send(branded);
  });
  if (!hasWeb) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own Cache-Control below; send's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, file) {
      // The same address answers with different bytes by Accept-Encoding; caches must know.
      if (PRECOMPRESSED.test(file)) res.setHeader('Vary', 'Accept-Encoding');
      if (file.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendIndex());

  await app.register(async (pages) => {
    compressReplies(pages);
    pages.get<{ Params: { id: string } }>('/products/:id', { schema: { hide: true } }, async (request, reply) => {
      const id = /^[1-9]\d{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (!id || id > 2_147_483_647) return reply.sendIndex();
      const storefrontId = request.storefrontId;
      const own = `${request.protocol}://${request.host}`;
      const base = storefrontId === PROVIDER_STOREFRONT ? (app.config.publicUrl ?? own) : own;
      let html: string;
      try {
        html = await app.caches.productPages.get(`${id} ${storefrontId} ${base}`, async () =>
          productPage(app, (await storefrontShell(app, shell, storefrontId)) ?? shell, id, base, storefrontId),
        );
      } catch (err) {
        // The link preview is an extra: without the database the page is still the store's.
        request.log.warn({ err }, 'product page: no link preview, the shell answers');
        return reply.sendIndex();
      }
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  });
}

/** The files the build keeps brotli and gzip copies of (the same list as the build's). */
const PRECOMPRESSED = /\.(js|css|html|svg|json|webmanifest|txt)(\.br|\.gz)?$/;

/** A stored image path (/media/…) made whole; a link already whole is kept. */
function absolute(url: string | null | undefined, base: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${base}${url}` : null;
}

/**
 * The app shell with the product's Open Graph tags in its head, so a link shared on WhatsApp
 * or Telegram shows the product's name, prices and picture (their crawlers run no script).
 * The page title stays the shell's, which the app sets to the store's name (spec section 1).
 * A product without a picture is shown with the store's cover, else its logo.
 */
async function productPage(
  app: FastifyInstance,
  shell: string,
  id: number,
  base: string,
  storefrontId: number,
): Promise<string> {
  const [preview, settings] = await Promise.all([
    pricingCached(app.db, app.caches.catalog.of(storefrontId), storefrontId).then((pricing) =>
      productSharePreview(app.db, id, pricing),
    ),
    getSettingsRow(app.db, storefrontId),
  ]);
  if (!preview) return shell;
  const image = absolute(preview.img, base) ?? absolute(settings?.cover, base) ?? absolute(settings?.logo, base);
  const tags: [string, string, string | null][] = [
    ['property', 'og:type', 'product'],
    ['property', 'og:site_name', settings?.name || null],
    ['property', 'og:locale', 'ar_AR'],
    ['property', 'og:title', preview.name],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', `${base}/products/${id}`],
    ['property', 'og:image', image],
    ['property', 'og:image:alt', image ? preview.name : null],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.name],
    ['name', 'twitter:description', preview.description],
  ];
  const lines = tags
    .filter((tag): tag is [string, string, string] => tag[2] !== null)
    .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  // The product's own picture is the screen's largest paint: asked for with the HTML, not after
  // the scripts have run and the product has been fetched (a phone's slow link pays that wait).
  const picture = absolute(preview.img, base);
  if (picture) lines.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(picture)}" />`);
  const head = lines.join('\n    ');
  const at = shell.indexOf('</head>');
  return at < 0 ? shell : `${shell.slice(0, at)}    ${head}\n  ${shell.slice(at)}`;
}

/**
 * The app shell as a storefront's first paint shows it: its colour in the browser's bar, and for
 * a storefront other than the provider's its own name in the title and the description, so
 * neither the tab nor an installed app flashes the provider's brand before the settings arrive.
 * The manifest and icons are asked of the same host, which answers with this storefront's
 * (settings/pwa). Kept with the settings replies and dropped with them. Null: the built file as
 * it is (the provider's store in the app's own colour, as before storefronts).
 */
async function storefrontShell(app: FastifyInstance, shell: string, storefrontId: number): Promise<string | null> {
  const html = await app.caches.storefrontShells.get(storefrontId, async () => {
    const { setting } = await storefrontFace(app, storefrontId);
    let page = shell;
    // Replacer functions, not strings: a name holding `$&` or `$1` is text, never a pattern.
    const color = setting.theme_color;
    if (color)
      page = page.replace(/(<meta name="theme-color" content=")[^"]*(")/, (_m, a, b) => a + escapeHtml(color) + b);
    if (storefrontId !== PROVIDER_STOREFRONT) {
      const name = escapeHtml(setting.name);
      page = page
        .replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>`)
        .replace(/(<meta name="description" content=")[^"]*(")/, (_m, a, b) => a + name + b);
    }
    return page;
  });
  return html === shell ? null : html;
}
