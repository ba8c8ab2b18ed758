import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../src/modules/accounts/session-cache';
import { findSession, revokeOtherSessions } from '../src/modules/accounts/sessions';
import { connect } from '../src/db/connect';
import type { DB } from '../src/db/database';
import { work } from '../src/kernel/unit-of-work';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
// A second connection to the same database, as a parallel request on another pooled connection
// (or another instance) would read it.
let reader: { db: DB; close: () => Promise<void> };

beforeAll(async () => {
  t = await setupApp();
  reader = t.engine === 'postgres' ? { db: t.db, close: async () => undefined } : await connect({ dataDir: t.dataDir });
});
afterAll(async () => {
  await reader.close();
  await t.close();
});

describe('session cache and transactions', () => {
  it('does not keep a session read by a parallel request while its revocation was not yet committed', async () => {
    const user = await t.createUser();
    const cache = t.app.caches.sessions;
    await work(t.db, async (trx) => {
      await revokeOtherSessions(trx, user.id, null, 'password');
      // Not committed yet: another connection still sees the session alive, and may cache it.
      expect(await findSession(reader.db, cache, user.token)).not.toBeNull();
    });
    expect(await findSession(t.db, cache, user.token)).toBeNull();
    expect((await t.request({ method: 'GET', url: '/public/api/v1/me', token: user.token })).statusCode).toBe(401);
  });

  it('keeps the revocation when it rolls back: the session stays signed in', async () => {
    const user = await t.createUser();
    const cache = t.app.caches.sessions;
    await expect(
      work(t.db, async (trx) => {
        await revokeOtherSessions(trx, user.id, null, 'password');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await findSession(t.db, cache, user.token)).not.toBeNull();
  });

  it('does not keep a session read that began before a revocation was forgotten', () => {
    const cache = new SessionCache();
    const user = {
      id: 1,
      role: 'customer' as const,
      storefrontId: 1,
      sessionId: 7,
      twoFactor: false,
      confirmedAt: null,
      apiKey: null,
    };
    const expires = new Date(Date.now() + 60_000).toISOString();
    const ticket = cache.ticket();
    cache.forget((u) => u.sessionId === 7);
    cache.remember(ticket, 'hash-a', user, expires);
    expect(cache.get('hash-a')).toBeNull();
    cache.remember(cache.ticket(), 'hash-a', user, expires);
    expect(cache.get('hash-a')).toEqual(user);
  });

  it('never keeps a session past its own expiry', () => {
    const cache = new SessionCache();
    cache.remember(
      cache.ticket(),
      'hash-b',
      { id: 1, role: 'customer', storefrontId: 1, sessionId: 8, twoFactor: false, confirmedAt: null, apiKey: null },
      new Date(Date.now() - 1).toISOString(),
    );
    expect(cache.get('hash-b')).toBeNull();
  });
});
