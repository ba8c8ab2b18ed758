import type { FastifyInstance } from 'fastify';
import { AppError } from '../../kernel/errors';
import { rateLimited, useRateLimits } from '../../kernel/rate-limit';
import { keyMsg } from './messages-ar';

/**
 * Every call one key makes, together, per window (docs/api-for-resellers.md), on top of each
 * route's own limits (ordering stays 60 a minute per account). Counted across instances with
 * REDIS_URL, like every limit.
 */
export const API_KEY_CALLS = { max: 300, windowMs: 60_000 } as const;

/**
 * What holds for every public call made with a key, added to the public API's scope before its
 * routes: the per-key limit, and a test key reads only (test mode is not built yet, so a test
 * key never buys or changes anything).
 */
export async function apiKeyCallRules(app: FastifyInstance): Promise<void> {
  await useRateLimits(app);
  const perKey = rateLimited(app, [
    {
      max: API_KEY_CALLS.max,
      windowMs: API_KEY_CALLS.windowMs,
      key: (r) => (r.auth?.apiKey ? `api-key:${r.auth.apiKey.id}` : null),
      message: keyMsg.tooManyCalls,
    },
  ]);
  app.addHook('onRequest', async (request, reply) => {
    const key = request.auth?.apiKey;
    if (!key) return;
    if (key.mode === 'test' && request.method !== 'GET' && request.method !== 'HEAD')
      throw new AppError('forbidden', keyMsg.testModeUnavailable);
    await perKey(request, reply);
  });
}
