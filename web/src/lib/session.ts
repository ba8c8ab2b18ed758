import type { User } from '@raseed/contract';

/** Local-storage keys of the session (spec section 4); other tabs and older builds share them. */
export const SESSION_KEYS = {
  user: 'user',
  token: 'token',
  pendingId: 'user_id',
  pendingRemember: 'user_remember',
} as const;

export type StoredSession = { user: User | null; token: string | null };
export type PendingChallenge = { id: string; remember: boolean };

// Storage can throw (Safari private mode, quota, disabled cookies): the store then works
// for this page view only instead of crashing the app.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* keep the in-memory session */
  }
}

function remove(...keys: string[]): void {
  try {
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    /* nothing stored to remove */
  }
}

function parseJsonObject(raw: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function dropStoredSession(): StoredSession {
  remove(SESSION_KEYS.user, SESSION_KEYS.token);
  return { user: null, token: null };
}

/**
 * Reads the stored session without the contract (zod is not part of the first screen), so a
 * signed-in customer never sees a guest frame: a stored user that is not a JSON object is removed
 * here, and `readStoredSession` checks the rest against the contract user once it has loaded.
 */
export function peekStoredSession(): StoredSession {
  const rawUser = read(SESSION_KEYS.user);
  const user = rawUser === null ? null : parseJsonObject(rawUser);
  if (!user) return dropStoredSession();
  return { user: user as User, token: read(SESSION_KEYS.token) || null };
}

/**
 * Reads the stored session. A stored user that is not valid JSON or not a contract user is
 * removed, and so is its token: signed-in is decided by the user, and a token without one
 * would only send a stale bearer header on guest calls.
 */
export async function readStoredSession(): Promise<StoredSession> {
  const peeked = peekStoredSession();
  if (!peeked.user) return peeked;
  const { user: userSchema } = await import('@raseed/contract');
  const rawUser = read(SESSION_KEYS.user);
  const parsed = userSchema.safeParse(rawUser === null ? null : parseJsonObject(rawUser));
  if (!parsed.success) return dropStoredSession();
  return { user: parsed.data, token: read(SESSION_KEYS.token) || null };
}

export function saveSession(user: User, token: string): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
  write(SESSION_KEYS.token, token);
}

export function saveUser(user: User): void {
  write(SESSION_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession(): void {
  remove(SESSION_KEYS.user, SESSION_KEYS.token);
}

/** Login answered "second factor needed": remember who is half signed in for the challenge. */
export function savePendingChallenge(id: string | number, remember: boolean): void {
  write(SESSION_KEYS.pendingId, String(id));
  write(SESSION_KEYS.pendingRemember, remember ? '1' : '0');
}

export function readPendingChallenge(): PendingChallenge | null {
  const id = read(SESSION_KEYS.pendingId);
  if (!id) return null;
  const remember = read(SESSION_KEYS.pendingRemember);
  return { id, remember: remember === '1' || remember === 'true' };
}

export function clearPendingChallenge(): void {
  remove(SESSION_KEYS.pendingId, SESSION_KEYS.pendingRemember);
}

/** True when a storage event from another tab touched the session. */
export function isSessionKey(key: string | null): boolean {
  return key === null || key === SESSION_KEYS.user || key === SESSION_KEYS.token;
}
