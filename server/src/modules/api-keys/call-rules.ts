import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * routes: the per-key limit, and a test key reads and places test orders only (checkout sends
 * them to the test balance); every other change needs a live key.
 */
/** The three order forms of checkout, the one change a test key makes. */
const placesOrder = (request: FastifyRequest) =>
  request.method === 'POST' && /\/orders-create-(fixed|free|code)$/.test(request.routeOptions.url ?? '');

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
  // A call made without a key (most) passes without a promise or a microtask.
  app.addHook('onRequest', (request, reply, done) => {
    const key = request.auth?.apiKey;
    if (!key) return done();
    if (key.mode === 'test' && request.method !== 'GET' && request.method !== 'HEAD' && !placesOrder(request))
      return done(new AppError('forbidden', keyMsg.testModeUnavailable));
    perKey(request, reply).then(() => done(), done);
  });
}
