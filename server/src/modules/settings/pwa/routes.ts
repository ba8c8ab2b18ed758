import type { FastifyPluginAsync } from 'fastify';
import { FALLBACK_LOGO, storeBrand, THEME } from './store-brand';

const SIZES = {
  '192': { size: 192, maskable: false },
  '512': { size: 512, maskable: false },
  'maskable-512': { size: 512, maskable: true },
} as const;
type IconName = keyof typeof SIZES;

/**
 * The installable app's manifest and icons, made from the request's storefront's name and logo
 * (each host installs as its own app): icons
 * are resized from the logo with sharp on first request and kept in memory until the logo changes.
 * The maskable icon keeps the logo inside the 80 % safe zone on the theme colour.
 */
export const pwaRoutes: FastifyPluginAsync = async (app) => {
  const icons = new Map<string, Buffer>();

  async function icon(name: IconName, storefrontId: number): Promise<Buffer> {
    const brand = await storeBrand(app, app.storage, storefrontId);
    const key = `${brand.logoKey}|${name}`;
    const hit = icons.get(key);
    if (hit) return hit;
    const { size, maskable } = SIZES[name];
    const inner = maskable ? Math.round(size * 0.7) : size;
    const { default: sharp } = await import('sharp');
    let logo: Buffer;
    try {
      logo = await sharp(brand.logo, { density: 300 })
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
    } catch {
      logo = await sharp(Buffer.from(FALLBACK_LOGO)).resize(inner, inner).png().toBuffer();
    }
    const png = await sharp({
      create: {
        width: size,
        height: size,
        channels: 4,
        background: maskable ? THEME.background : { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([{ input: logo, gravity: 'center' }])
      .png()
      .toBuffer();
    if (icons.size > 30) icons.clear();
    icons.set(key, png);
    return png;
  }

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const brand = await storeBrand(app, app.storage, request.storefrontId);
    const v = encodeURIComponent(brand.logoKey.slice(-24));
    reply.header('Cache-Control', 'no-cache').type('application/manifest+json; charset=utf-8');
    return JSON.stringify({
      id: '/',
      name: brand.name,
      short_name: brand.name.slice(0, 12),
      description: 'متجر رصيد لشحن الألعاب والبطاقات الرقمية',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: THEME.background,
      theme_color: brand.themeColor,
      icons: [
        { src: `/icons/192.png?v=${v}`, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: `/icons/512.png?v=${v}`, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: `/icons/maskable-512.png?v=${v}`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  app.get<{ Params: { name: string } }>('/icons/:name', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params.name.replace(/\.png$/, '') as IconName;
    if (!(name in SIZES)) return reply.callNotFound();
    reply.header('Cache-Control', 'public, max-age=3600').type('image/png');
    return icon(name, request.storefrontId);
  });
};
