import { beforeEach, describe, expect, it } from 'vitest';
import { testUser } from '@/testing/fixtures';
import {
  clearPendingChallenge,
  clearStoredSession,
  readPendingChallenge,
  peekStoredSession,
  readStoredSession,
  saveSession,
  savePendingChallenge,
} from '../session';

describe('stored session', () => {
  beforeEach(() => localStorage.clear());

  it('reads back a saved user and token', async () => {
    saveSession(testUser, 'abc');
    expect(await readStoredSession()).toEqual({ user: testUser, token: 'abc' });
    expect(peekStoredSession()).toEqual({ user: testUser, token: 'abc' });
  });

  it('removes a stored user that is not valid JSON, and its token', async () => {
    localStorage.setItem('user', '{"name": "سارة"');
    localStorage.setItem('token', 'abc');
    expect(await readStoredSession()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('removes a stored user that does not match the contract user', async () => {
    const { balance: _dropped, ...withoutBalance } = testUser;
    localStorage.setItem('user', JSON.stringify(withoutBalance));
    localStorage.setItem('token', 'abc');
    expect(await readStoredSession()).toEqual({ user: null, token: null });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('removes a stored user of the wrong type ("null", a number) before the contract has loaded', () => {
    for (const raw of ['null', '42', '"text"', '[]']) {
      localStorage.setItem('user', raw);
      expect(peekStoredSession().user).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    }
  });

  it('clears user and token on logout but leaves the theme', () => {
    saveSession(testUser, 'abc');
    localStorage.setItem('theme', 'light');
    clearStoredSession();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('keeps the pending two-factor login under user_id and user_remember', () => {
    expect(readPendingChallenge()).toBeNull();
    savePendingChallenge(42, true);
    expect(localStorage.getItem('user_id')).toBe('42');
    expect(readPendingChallenge()).toEqual({ id: '42', remember: true });
    savePendingChallenge('43', false);
    expect(readPendingChallenge()).toEqual({ id: '43', remember: false });
    clearPendingChallenge();
    expect(readPendingChallenge()).toBeNull();
    expect(localStorage.getItem('user_remember')).toBeNull();
  });
});
