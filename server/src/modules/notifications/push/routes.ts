import { emptyReply, errorReply, pushKeyReply, pushSubscriptionRequest } from '@raseed/contract';
import { subscribeCommand } from './commands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRecentConfirmation, requireUser, sessionOf, userId } from '../../../kernel/http/guard';
import { AppError } from '../../../kernel/errors';
import { pushEndpointAllowed, pushEndpointRefusedMsg } from './endpoint-policy';
import { deleteSessionSubscription } from './repository';
import { isCurrentSubscription } from './subscriptions';

/**
 * Web push. The subscription is stored per session (the spec's `device_token`, kept in its own
 * table because a subscription is an endpoint plus two keys): `POST /push-subscription` after the
 * customer agreed on the orders page; signing out stops the pushes to that browser.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/key',
    { schema: { tags: ['push'], summary: 'The VAPID public key to subscribe with', response: { 200: pushKeyReply } } },
    async () => ({ status: 'success' as const, data: { public_key: app.vapid.publicKey } }),
  );

  app.post(
    '/push-subscription',
    {
      preHandler: requireUser,
      schema: {
        tags: ['push'],
        summary:
          "Stores this session's push subscription (PushSubscription.toJSON()); replaces the session's previous one",
        body: pushSubscriptionRequest,
        response: { 200: emptyReply, 401: errorReply, 409: errorReply, 422: errorReply, 423: errorReply },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      if (!pushEndpointAllowed(endpoint, app.config.push.endpointHosts, app.config.outbound.allowPrivate))
        throw AppError.fields({ endpoint: [pushEndpointRefusedMsg] });
      const input = {
        userId: userId(request),
        // A subscription belongs to a signed-in browser: an API key has none (403).
        sessionId: sessionOf(request),
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      };
      // A new endpoint sends the account's notices somewhere: an account-control change, so a
      // stolen token alone cannot add one. The same subscription handed again changes nothing.
      if (!(await isCurrentSubscription(request.db, input))) {
        requireRecentConfirmation(request, app.config);
        await subscribeCommand(request.db, input);
      }
      return { status: 'success' as const, msg: 'تم تفعيل الإشعارات' };
    },
  );

  app.delete(
    '/push-subscription',
    {
      preHandler: requireUser,
      schema: {
        tags: ['push'],
        summary: "Stops pushes to this session's browser",
        response: { 200: emptyReply, 401: errorReply },
      },
    },
    async (request) => {
      await deleteSessionSubscription(request.db, sessionOf(request));
      return { status: 'success' as const, msg: 'تم إيقاف الإشعارات' };
    },
  );
};
