import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../kernel/errors';

/**
 * Public images (catalog, sliders, banks, partners, logo) at /media/…. Only keys under
 * `public/` are reachable here; receipts and other private files never are.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/*',
    { schema: { hide: true, params: z.object({ '*': z.string().max(300) }) } },
    async (request, reply) => {
      const rel = request.params['*'];
      if (!/^[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$/i.test(rel) || rel.includes('..')) throw new AppError('not_found');
      const file = await app.storage.get(`public/${rel}`);
      if (!file) throw new AppError('not_found');
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=86400')
          // Shown by a storefront on another host (CORS_ORIGINS); the signed or public link is the guard.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          // SVGs are images, never documents: no script may run if one is opened directly.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(file.body)
      );
    },
  );
};
