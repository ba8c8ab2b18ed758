import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './errors';
import { msg } from './messages-ar';

/**
 * One counter: at most `max` requests per `windowMs` for each key. `key` returns null when the
 * rule does not apply to this request (e.g. no account named yet).
 */
export type RateRule = {
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string | null | Promise<string | null>;
  /** The Arabic msg of the 429; the generic "too many attempts" by default. */
  message?: string;
};

export const byIp = (request: FastifyRequest): string => request.ip;

/** One Redis connection per app, closed with it. */
const clients = new WeakMap<FastifyInstance, Redis>();

async function redisFor(app: FastifyInstance): Promise<Redis | undefined> {
  const url = app.config.redisUrl;
  if (!url) return undefined;
  const root = app.server as unknown as FastifyInstance;
  let client = clients.get(root);
  if (!client) {
    // Fail fast rather than queue: @fastify/rate-limit lets a request through when the store
    // errors (skipOnError), so a Redis outage slows nothing and limits resume when it is back.
    // Loaded only when REDIS_URL is set: a single instance never needs the client.
    const { Redis } = await import('ioredis');
    if (clients.has(root)) return clients.get(root);
    client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
    client.on('error', (err) => app.log.warn({ err }, 'rate-limit store unavailable'));
    clients.set(root, client);
    app.addHook('onClose', async () => {
      client?.disconnect();
    });
  }
  return client;
}

/**
 * Makes the limiter available in `app`'s scope. The one place that picks the store: Redis when
 * REDIS_URL is set, so several instances count together; in memory for a single instance.
 */
export async function useRateLimits(app: FastifyInstance): Promise<void> {
  if (app.hasDecorator('createRateLimit')) return;
  const redis = await redisFor(app);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'raseed-rl-', skipOnError: true } : {}),
  });
}

/**
 * A preHandler enforcing every rule; each rule counts on its own, so a route can be limited per
 * IP and per account at once. It runs after body validation, so rules may key on the body.
 * Needs `useRateLimits(app)` first.
 */
export function rateLimited(app: FastifyInstance, rules: RateRule[]) {
  const checks = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: async (request) => (await rule.key(request)) ?? '',
      allowList: (_request, key) => key === '',
    }),
  }));
  return async function enforceRateLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    for (const { rule, check } of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('rate_limited', rule.message ?? msg.tooMany);
      }
    }
  };
}

/**
 * One request at a time per key (on this instance): a second one while the first runs is a 429
 * at once, so a key's work cannot be multiplied by sending it in parallel. `enter` is a
 * preHandler; `leave` must be the route's onResponse and onRequestAbort hook.
 */
export function oneAtATime(key: (request: FastifyRequest) => Promise<string | null>, message: string) {
  const busy = new Set<string>();
  const held = new WeakMap<FastifyRequest, string>();
  return {
    async enter(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const k = await key(request);
      if (k === null) return;
      if (busy.has(k)) {
        reply.header('retry-after', '1');
        throw new AppError('rate_limited', message);
      }
      busy.add(k);
      held.set(request, k);
    },
    async leave(request: FastifyRequest): Promise<void> {
      const k = held.get(request);
      if (k === undefined) return;
      held.delete(request);
      busy.delete(k);
    },
  };
}

/** Counts like a rule but never refuses: after `free` requests in the window, each waits longer. */
export type SlowDownRule = {
  windowMs: number;
  free: number;
  baseMs: number;
  capMs: number;
  key: (request: FastifyRequest) => string | null | Promise<string | null>;
};

/** The wait for the n-th request of a window: 0 up to `free`, then doubling up to the cap. */
export function slowDownDelay(rule: Pick<SlowDownRule, 'free' | 'baseMs' | 'capMs'>, n: number): number {
  return n <= rule.free ? 0 : Math.min(rule.capMs, rule.baseMs * 2 ** Math.min(20, n - rule.free - 1));
}

/**
 * A preHandler that slows a key down instead of walling it off: a stranger hammering an
 * account makes the next sign-in slower, never impossible. Same store as the limits.
 */
export function slowedDown(app: FastifyInstance, rule: SlowDownRule) {
  const COUNT_MAX = 1_000_000;
  const check = app.createRateLimit({
    max: COUNT_MAX,
    timeWindow: rule.windowMs,
    keyGenerator: async (request) => (await rule.key(request)) ?? '',
    allowList: (_request, key) => key === '',
  });
  return async function slowDown(request: FastifyRequest): Promise<void> {
    const result = await check(request);
    if (result.isAllowed || result.remaining === undefined) return;
    const wait = slowDownDelay(rule, COUNT_MAX - result.remaining);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}
