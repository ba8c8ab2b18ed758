import {
  confirmTwoFactorBody,
  errorReply,
  twoFactorChallengeBody,
  twoFactorChallengeReply,
  twoFactorConfirmedReply,
  twoFactorSetupReply,
  userReply,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, sessionOf, userId } from '../../kernel/http/guard';
import { requireRecentConfirmation } from '../../kernel/http/guard';
import type { AuthLimits } from './limits';
import { authMsg } from './messages-ar';
import { completeChallenge, confirmTwoFactor, disableTwoFactor, startTwoFactorSetup } from './two-factor-service';

const failures = { 401: errorReply, 409: errorReply, 422: errorReply, 423: errorReply, 429: errorReply };

export const twoFactorRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits }> = async (app, { limits }) => {
  app.post(
    '/two-factor-challenge',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with a TOTP code or a backup code',
        body: twoFactorChallengeBody,
        response: { 200: twoFactorChallengeReply, ...failures },
      },
      preHandler: limits.challenge,
    },
    async (request) => {
      const data = await completeChallenge(request.db, app.config, request.storefrontId, request.body, request.ip);
      return { status: 'success' as const, token: data.token, data };
    },
  );

  app.get(
    '/enable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start two-factor setup: QR code and setup key (needs a recent password confirmation, else 423)',
        response: { 200: twoFactorSetupReply, ...failures },
      },
      preHandler: [requireUser, limits.signedIn],
    },
    async (request) => {
      // Turning two-factor on signs every other session out and makes the next sign-in need the
      // new authenticator: with a stolen token alone that would lock the owner out (docs/security.md).
      requireRecentConfirmation(request, app.config);
      return { status: 'success' as const, data: await startTwoFactorSetup(request.db, app.config, userId(request)) };
    },
  );

  app.post(
    '/user/confirmed-two-factor-authentication',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm two-factor with a code; returns backup codes (needs a recent password confirmation)',
        body: confirmTwoFactorBody,
        response: { 200: twoFactorConfirmedReply, ...failures },
      },
      preHandler: [requireUser, limits.signedIn],
    },
    async (request) => {
      requireRecentConfirmation(request, app.config);
      const data = await confirmTwoFactor(
        request.db,
        app.config,
        userId(request),
        sessionOf(request),
        request.body.code,
      );
      return { status: 'success' as const, msg: authMsg.twoFactorEnabled, data };
    },
  );

  app.delete(
    '/user/two-factor-authentication',
    {
      schema: {
        tags: ['auth'],
        summary: 'Turn two-factor off (needs a recent password confirmation, else 423)',
        response: { 200: userReply, 401: errorReply, 423: errorReply },
      },
      preHandler: requireUser,
    },
    async (request) => {
      requireRecentConfirmation(request, app.config);
      const user = await disableTwoFactor(request.db, userId(request), sessionOf(request));
      return { status: 'success' as const, msg: authMsg.twoFactorDisabled, data: { user } };
    },
  );
};
