import {
  authOptionsReply,
  confirmPasswordBody,
  emptyReply,
  errorReply,
  googleLinkBody,
  googleReply,
  googleSignInBody,
  loginBody,
  loginReply,
  moneyToString,
  profileBody,
  registerBody,
  registerReply,
  userReply,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../kernel/errors';
import { login, register, updateProfile } from './account-service';
import { googleLink, googleSignIn } from './google-link';
import { requireUser, sessionOf, userId } from '../../kernel/http/guard';
import { googleVerifier } from './google-token';
import type { AuthLimits } from './limits';
import { authMsg } from './messages-ar';
import { requireRecentConfirmation } from '../../kernel/http/guard';
import { confirmPassword } from './password-confirm';
import { findUserById } from './repository';
import { revokeSession } from './sessions';
import { loadUserDto } from './user-dto';
import { testBalanceOf } from '../test-orders';

const failures = { 401: errorReply, 409: errorReply, 422: errorReply, 423: errorReply, 429: errorReply };

export const accountRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits }> = async (app, { limits }) => {
  const verifyGoogle = googleVerifier(app.config);

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer and sign in',
        body: registerBody,
        response: { 200: registerReply, ...failures },
      },
      preHandler: limits.register,
    },
    async (request) => ({
      status: 'success' as const,
      data: await register(request.db, app.config, request.storefrontId, request.body),
    }),
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in by password; a second factor may be owed',
        body: loginBody,
        response: { 200: loginReply, ...failures },
      },
      preHandler: limits.login,
      onResponse: limits.loginDone,
      onRequestAbort: limits.loginDone,
    },
    async (request) => ({
      status: 'success' as const,
      data: await login(request.db, app.config, request.storefrontId, request.body, request.ip),
    }),
  );

  app.get(
    '/auth/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Public sign-in options (Google client id or null; whether reset links are mailed)',
        response: { 200: authOptionsReply },
      },
    },
    async () => ({
      status: 'success' as const,
      data: { google_client_id: app.config.googleClientId ?? null, password_reset: app.mailer.enabled },
    }),
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token; link_required when the e-mail has a password account',
        body: googleSignInBody,
        response: { 200: googleReply, ...failures, 404: errorReply, 503: errorReply },
      },
      preHandler: limits.google,
    },
    async (request) => {
      if (!verifyGoogle) throw new AppError('not_found', authMsg.googleDisabled);
      return {
        status: 'success' as const,
        data: await googleSignIn(request.db, app.config, verifyGoogle, request.storefrontId, request.body),
      };
    },
  );

  app.post(
    '/auth/google/link',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Link a Google account to the password account owning its e-mail, with that account's password; then sign in",
        body: googleLinkBody,
        response: { 200: loginReply, ...failures, 404: errorReply, 503: errorReply },
      },
      preHandler: limits.googleLink,
    },
    async (request) => {
      if (!verifyGoogle) throw new AppError('not_found', authMsg.googleDisabled);
      return {
        status: 'success' as const,
        data: await googleLink(request.db, app.config, verifyGoogle, request.storefrontId, request.body),
      };
    },
  );

  app.get(
    '/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userReply, 401: errorReply } },
      preHandler: requireUser,
    },
    async (request) => {
      const user = await loadUserDto(request.db, userId(request));
      // A test key's caller sees the balance its test orders are paid from.
      if (request.auth?.apiKey?.mode !== 'test') return { status: 'success' as const, data: { user } };
      const balance = moneyToString(await testBalanceOf(request.db, user.id));
      return { status: 'success' as const, data: { user: { ...user, balance } } };
    },
  );

  app.post(
    '/profile',
    {
      schema: {
        tags: ['auth'],
        summary: "Save the signed-in user's profile",
        body: profileBody,
        response: { 200: userReply, ...failures },
      },
      preHandler: [requireUser, limits.signedIn],
    },
    async (request) => {
      // The name and phone change freely; the e-mail and the password need a recent confirmation.
      const current = await findUserById(request.db, userId(request));
      const emailChanges = current !== undefined && current.email.toLowerCase() !== request.body.email.toLowerCase();
      if (emailChanges || request.body.password) requireRecentConfirmation(request, app.config);
      const user = await updateProfile(request.db, userId(request), request.auth!.sessionId, request.body);
      return { status: 'success' as const, msg: authMsg.profileSaved, data: { user } };
    },
  );

  app.post(
    '/user/confirm-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the password (a Google-only account: a fresh Google ID token) on this session; ' +
          'e-mail, password and 2FA changes then pass for PASSWORD_CONFIRM_SECONDS',
        body: confirmPasswordBody,
        response: { 200: emptyReply, ...failures },
      },
      preHandler: [requireUser, limits.signedIn],
    },
    async (request) => {
      await confirmPassword(request.db, verifyGoogle, userId(request), sessionOf(request), request.body);
      return { status: 'success' as const, msg: authMsg.passwordConfirmed };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session on the server',
        response: { 200: emptyReply, 401: errorReply },
      },
      preHandler: requireUser,
    },
    async (request) => {
      await revokeSession(request.db, sessionOf(request), 'logout');
      return { status: 'success' as const, msg: authMsg.loggedOut };
    },
  );
};
