import { apiKeysReply, emptyReply, idParam, userApiKeyParams } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userId } from '../../kernel/http/guard';
import { errors, success } from '../../kernel/http/route-kit';
import { keyMsg } from './messages-ar';
import { keysWithTestBalance, revokeKey } from './service';

const tags = ['operator: users'];

/** A customer's keys on their console page: what they are, and a revoke for a key that leaked. */
export const apiKeysAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/api-keys',
    {
      schema: {
        tags,
        summary: "A customer's live API keys (prefix, mode, last use), newest first",
        params: idParam,
        response: { 200: apiKeysReply, ...errors },
      },
    },
    async (request) => ({ status: success, data: await keysWithTestBalance(request.db, request.params.id) }),
  );
  app.delete(
    '/users/:id/api-keys/:keyId',
    {
      schema: {
        tags,
        summary: "Revoke a customer's key (audited); every instance refuses it within a second",
        params: userApiKeyParams,
        response: { 200: emptyReply, ...errors },
      },
    },
    async (request) => {
      await revokeKey(request.db, request.params.id, request.params.keyId, userId(request));
      return { status: success, msg: keyMsg.revoked };
    },
  );
};
