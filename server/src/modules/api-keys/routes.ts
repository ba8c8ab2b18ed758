import { apiKeyCreatedReply, apiKeysReply, createApiKeyBody, emptyReply, idParam } from '@raseed/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRecentConfirmation, requireUser, sessionOf, userId } from '../../kernel/http/guard';
import { errorReplies } from '../../kernel/http/route-kit';
import { rateLimited, useRateLimits } from '../../kernel/rate-limit';
import { keyMsg } from './messages-ar';
import { assertApiAccess, createKey, keysWithTestBalance, revokeKey } from './service';

const tags = ['api keys'];
const failures = errorReplies(401, 403, 404);

/** Keys are managed from a signed-in session only: a key cannot make, list or revoke keys. */
async function sessionOnly(request: FastifyRequest): Promise<void> {
  sessionOf(request);
}

/** The customer's own keys (`/public/api/v1/api-keys`). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimits(app);
  const creations = rateLimited(app, [
    {
      max: 20,
      windowMs: 60 * 60_000,
      key: (r) => (r.auth ? `api-key-create:${r.auth.id}` : null),
      message: keyMsg.tooManyCreated,
    },
  ]);
  const withAccess = async (request: FastifyRequest, _reply: FastifyReply) =>
    assertApiAccess(request.db, userId(request));

  app.get(
    '/api-keys',
    {
      preHandler: [requireUser, sessionOnly],
      schema: {
        tags,
        summary: "The caller's keys, newest first: never the token, its prefix and when it was last used",
        response: { 200: apiKeysReply, ...failures },
      },
    },
    async (request) => ({ status: 'success' as const, data: await keysWithTestBalance(request.db, userId(request)) }),
  );

  app.post(
    '/api-keys',
    {
      preHandler: [requireUser, sessionOnly, withAccess, creations],
      schema: {
        tags,
        summary:
          'Make a key (needs api_access and a recent password confirmation, else 423); the token is in this reply only',
        body: createApiKeyBody,
        response: {
          201: apiKeyCreatedReply,
          ...failures,
          ...errorReplies(409, 422, 423, 429),
        },
      },
    },
    async (request, reply) => {
      // A stolen session alone cannot mint a lasting credential.
      requireRecentConfirmation(request, app.config);
      const apiKey = await createKey(request.db, app.sealer, userId(request), request.body);
      return reply.code(201).send({ status: 'success', msg: keyMsg.created, data: { api_key: apiKey } });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      preHandler: [requireUser, sessionOnly],
      schema: {
        tags,
        summary: 'Revoke a key at once; every instance refuses it within a second',
        params: idParam,
        response: { 200: emptyReply, ...failures },
      },
    },
    async (request) => {
      await revokeKey(request.db, userId(request), request.params.id);
      return { status: 'success' as const, msg: keyMsg.revoked };
    },
  );
};
