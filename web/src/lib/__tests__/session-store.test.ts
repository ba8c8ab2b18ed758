import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '@/testing/fixtures';
import { sessionStore } from '../session-store';

describe('session store', () => {
  afterEach(() => sessionStore.clear());

  it('keeps the newest balance: a cached older reading never puts back the balance before a purchase', () => {
    sessionStore.setSession({ ...testUser, balance: '36.00' }, 'tok');
    const boughtAt = Date.now();
    // The purchase's reply.
    sessionStore.setUser({ ...testUser, balance: '34.50' }, boughtAt);
    // An order page mounts with a reply cached before the purchase.
    sessionStore.setUser({ ...testUser, balance: '36.00' }, boughtAt - 5_000);
    expect(sessionStore.getState().user?.balance).toBe('34.50');
    // A reading made after it wins.
    sessionStore.setUser({ ...testUser, balance: '40.00' }, boughtAt + 10);
    expect(sessionStore.getState().user?.balance).toBe('40.00');
  });
});
