import { errorCodesReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCodeList } from '../error-codes';
import { sendCached, toCachedReply } from '../http-cache';

/**
 * GET /errors: every `code` an error reply may carry, with its HTTP status, default Arabic
 * message and whether to retry, so a caller can build its handling from the server itself. No
 * sign-in; the list changes only with a release, so it is serialized once.
 */
export const errorCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cached = toCachedReply(errorCodesReply, { status: 'success', data: { codes: errorCodeList() } });
  app.get(
    '/errors',
    {
      schema: {
        tags: ['errors'],
        summary: 'The stable error codes: HTTP status, default Arabic message, and whether a retry may succeed',
        security: [],
        response: { 200: errorCodesReply },
      },
    },
    async (request, reply) => sendCached(request, reply, cached, 'public'),
  );
};
