import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../kernel/errors';
import { topupMsg } from './messages';
import { checkReceiptLink, RECEIPT_NAME } from './signed-link';

/**
 * Receipt images, reachable only through the signed links GET /charges (and the operator
 * console) hand to the owner and to operators. The same path without a valid, unexpired
 * signature is refused, whoever asks.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts/:name',
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string().max(64) }),
        querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!RECEIPT_NAME.test(name)) throw new AppError('not_found');
      const left = checkReceiptLink(app.sealer, name, request.query.expires, request.query.sig);
      if (left === null) throw new AppError('forbidden', topupMsg.linkInvalid);
      const file = await app.storage.get(`receipts/${name}`);
      if (!file) throw new AppError('not_found');
      return (
        reply
          .header('Content-Type', file.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', `private, max-age=${left}`)
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Referrer-Policy', 'no-referrer')
          // Shown by a storefront on another host (CORS_ORIGINS); the signed or public link is the guard.
          .header('Cross-Origin-Resource-Policy', 'cross-origin')
          .send(file.body)
      );
    },
  );
};
