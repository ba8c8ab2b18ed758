import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

/** Two app instances, as behind a load balancer: with REDIS_URL they share one login budget. */
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await reachable(redisUrl);
if (!hasRedis) process.stderr.write(`\nshared rate-limit test SKIPPED: no Redis at ${redisUrl}\n\n`);

const login = (t: TestApp, email: string) =>
  t.request({ method: 'POST', url: '/public/api/v1/login', payload: { email, password: 'wrong-password-1' } });

describe.skipIf(!hasRedis)('rate limits across instances', () => {
  let shared: TestApp[] = [];
  let separate: TestApp[] = [];
  beforeAll(async () => {
    shared = [await setupApp({ env: { REDIS_URL: redisUrl } }), await setupApp({ env: { REDIS_URL: redisUrl } })];
    separate = [await setupApp(), await setupApp()];
  });
  afterAll(async () => {
    await Promise.all([...shared, ...separate].map((t) => t.close()));
  });

  it('counts attempts on one account together when the instances share Redis', async () => {
    const email = `rl-${randomBytes(6).toString('hex')}@test.local`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(shared[i % 2]!, email)).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
    const last = await login(shared[1]!, email);
    expect(codes[5]).toBe(429);
    expect(last.statusCode).toBe(429);
    expect(last.json().msg).toBeTruthy();
  });

  it('counts per instance without Redis, which is why several instances need it', async () => {
    const email = `rl-${randomBytes(6).toString('hex')}@test.local`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await login(separate[i % 2]!, email)).statusCode);
    expect(codes.every((c) => c === 401)).toBe(true);
  });
});
