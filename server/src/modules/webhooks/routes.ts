import {
  createWebhookBody,
  emptyReply,
  errorReply,
  idParam,
  webhookCreatedReply,
  webhookDeliveriesReply,
  webhookDeliveryParams,
  webhookDeliveryReply,
  webhookReply,
  webhooksReply,
} from '@raseed/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRecentConfirmation, requireUser, userId } from '../../kernel/http/guard';
import { errorReplies } from '../../kernel/http/route-kit';
import { rateLimited, useRateLimits } from '../../kernel/rate-limit';
import { hookMsg } from './messages-ar';
import {
  assertApiAccess,
  createEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
  retryDelivery,
  rotateSecret,
} from './service';

const tags = ['webhooks'];
const failures = errorReplies(401, 403, 404);

/**
 * A new secret sends the account's orders somewhere the caller can read, or lets them sign events
 * the customer's system trusts: from a browser session it needs the password confirmed lately
 * (423 otherwise), as a new push endpoint does. A live API key may: a reseller's system manages
 * its own endpoints.
 */
function requireSecretRight(request: FastifyRequest, config: { passwordConfirmSeconds: number }): void {
  if (request.auth?.apiKey) return;
  requireRecentConfirmation(request, config);
}

/** The customer's webhook endpoints (`/public/api/v1/webhooks`), with a session or a live API key. */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimits(app);
  const secrets = rateLimited(app, [
    {
      max: 20,
      windowMs: 60 * 60_000,
      key: (r) => (r.auth ? `webhook-secret:${r.auth.id}` : null),
      message: hookMsg.tooManyCreated,
    },
  ]);
  const retries = rateLimited(app, [
    {
      max: 120,
      windowMs: 60 * 60_000,
      key: (r) => (r.auth ? `webhook-retry:${r.auth.id}` : null),
      message: hookMsg.tooManyRetries,
    },
  ]);

  // Before any password prompt: a customer without API access is told so first.
  const withAccess = async (request: FastifyRequest) => assertApiAccess(request.db, userId(request));

  app.get(
    '/webhooks',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's endpoints, newest first, with their failure state; never the secret",
        response: { 200: webhooksReply, ...failures },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { webhooks: await listEndpoints(request.db, userId(request)) },
    }),
  );

  app.post(
    '/webhooks',
    {
      preHandler: [requireUser, withAccess, secrets],
      schema: {
        tags,
        summary:
          'Add an endpoint (needs api_access; from a session a recent password confirmation, else 423); ' +
          'its whsec_ secret is in this reply only',
        body: createWebhookBody,
        response: {
          201: webhookCreatedReply,
          ...failures,
          ...errorReplies(409, 422, 423, 429),
        },
      },
    },
    async (request, reply) => {
      requireSecretRight(request, app.config);
      const webhook = await createEndpoint(
        request.db,
        { sealer: app.sealer, outbound: app.config.outbound },
        userId(request),
        request.body,
      );
      return reply.code(201).send({ status: 'success', msg: hookMsg.created, data: { webhook } });
    },
  );

  app.get(
    '/webhooks/:id',
    {
      preHandler: requireUser,
      schema: { tags, summary: 'One endpoint', params: idParam, response: { 200: webhookReply, ...failures } },
    },
    async (request) => ({
      status: 'success' as const,
      data: { webhook: await getEndpoint(request.db, userId(request), request.params.id) },
    }),
  );

  app.delete(
    '/webhooks/:id',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: 'Delete an endpoint and its deliveries; nothing more is sent to it',
        params: idParam,
        response: { 200: emptyReply, ...failures },
      },
    },
    async (request) => {
      await removeEndpoint(request.db, userId(request), request.params.id);
      return { status: 'success' as const, msg: hookMsg.deleted };
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The endpoint's 50 newest deliveries: event, attempts, last status, next attempt, delivered at",
        params: idParam,
        response: { 200: webhookDeliveriesReply, ...failures },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { deliveries: await listDeliveries(request.db, userId(request), request.params.id) },
    }),
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    {
      preHandler: [requireUser, withAccess, retries],
      schema: {
        tags,
        summary: 'Send one delivery again now (same webhook-id); turns a disabled endpoint back on',
        params: webhookDeliveryParams,
        response: { 200: webhookDeliveryReply, ...failures, 429: errorReply },
      },
    },
    async (request) => {
      const { id, delivery_id } = request.params;
      const delivery = await retryDelivery(request.db, userId(request), id, delivery_id);
      return { status: 'success' as const, msg: hookMsg.retried, data: { delivery } };
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      preHandler: [requireUser, withAccess, secrets],
      schema: {
        tags,
        summary: 'A new secret, in this reply only; the previous one keeps signing for 24 hours',
        params: idParam,
        response: { 200: webhookCreatedReply, ...failures, 423: errorReply, 429: errorReply },
      },
    },
    async (request) => {
      requireSecretRight(request, app.config);
      const webhook = await rotateSecret(request.db, app.sealer, userId(request), request.params.id);
      return { status: 'success' as const, msg: hookMsg.rotated, data: { webhook } };
    },
  );
};
