import { emptyReply, errorReply, forgotPasswordBody, resetPasswordBody } from '@raseed/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROVIDER_STOREFRONT } from '../../kernel/http/storefront';
import { AppError } from '../../kernel/errors';
import type { AuthLimits } from './limits';
import { authMsg } from './messages-ar';
import { finishPasswordReset, startPasswordReset } from './password-reset';

const failures = { 404: errorReply, 422: errorReply, 429: errorReply };

/**
 * Where the link of a storefront's reset mail opens: storefront 1's PUBLIC_URL (required with
 * SMTP_URL), another's own address (its first host over https), never the request's Host header,
 * which a caller could forge to have a store mail a link to its site.
 */
function resetLinkBase(app: FastifyInstance, storefrontId: number): string | undefined {
  if (storefrontId === PROVIDER_STOREFRONT) return app.config.publicUrl!;
  return app.caches.storefronts.publicAddress(storefrontId);
}

/** Forgot password: a single-use link by e-mail (docs/accounts.md#forgot-password). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits }> = async (app, { limits }) => {
  // Links are being made after their replies went out; closing the app waits for them.
  const making = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...making]);
  });
  // Like Google sign-in on a store without a client id: a 404 whose msg says what to do instead.
  const refuseWithoutMail = async () => {
    if (!app.mailer.enabled) throw new AppError('not_found', authMsg.resetUnavailable);
  };

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Mail a single-use link (30 minutes) to set a new password; the same reply whether or not ' +
          'the e-mail has an account (404 when the store sends no mail)',
        body: forgotPasswordBody,
        response: { 200: emptyReply, ...failures },
      },
      preHandler: [refuseWithoutMail, limits.forgotPassword],
      // The account is looked up only once the reply is out: the answer and its timing are the
      // same for every e-mail, and the mail follows the commit of its link (an after-commit effect).
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const linkBase = resetLinkBase(app, request.storefrontId);
        const task = (
          linkBase
            ? startPasswordReset(request.db, request.storefrontId, request.body.email, linkBase)
            : Promise.reject(new Error(`storefront ${request.storefrontId} has no host or origin to link to`))
        ).catch((err: unknown) => request.log.error({ err }, 'password reset not started'));
        making.add(task);
        void task.finally(() => making.delete(task));
      },
    },
    async () => ({ status: 'success' as const, msg: authMsg.resetSent }),
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Set a new password with a reset link's token (once); every session of the account ends. " +
          'A used, expired or unknown token is a 422 on errors.token',
        body: resetPasswordBody,
        response: { 200: emptyReply, ...failures },
      },
      preHandler: limits.resetPassword,
    },
    async (request) => {
      await finishPasswordReset(request.db, request.storefrontId, request.body.token, request.body.password);
      return { status: 'success' as const, msg: authMsg.resetDone };
    },
  );
};
