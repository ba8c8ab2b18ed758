import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { useRateLimits } from '../../kernel/rate-limit';
import { accountRoutes } from './account-routes';
import { authLimits } from './limits';
import { passwordResetRoutes } from './password-reset-routes';
import { twoFactorRoutes } from './two-factor-routes';

/** Accounts: register, sign-in (password, Google, second factor), profile, two-factor setup, password reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await useRateLimits(app);
  // One set of counters for the whole domain, shared by both route files.
  const limits = authLimits(app);
  await app.register(accountRoutes, { limits });
  await app.register(twoFactorRoutes, { limits });
  await app.register(passwordResetRoutes, { limits });
};
