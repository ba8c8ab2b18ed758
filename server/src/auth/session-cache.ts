import type { SessionUser } from './sessions';

/**
 * Token checks served from memory: every signed-in request looked its session up in the
 * database. An entry lives TTL_MS at most and never past the session's own expiry; this
 * instance forgets it at once on logout or revocation, another instance within TTL_MS.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

type Entry = { user: SessionUser; until: number };

// Keyed by the hash of a 32-byte random token, so stores sharing a process (tests) cannot
// collide; forgetting by user or session id may also drop another store's entry, which only
// costs that store one query.
const entries = new Map<string, Entry>();

export function cachedSession(tokenHash: string): SessionUser | null {
  const e = entries.get(tokenHash);
  if (!e) return null;
  if (e.until > Date.now()) return e.user;
  entries.delete(tokenHash);
  return null;
}

export function rememberSession(tokenHash: string, user: SessionUser, sessionExpiresAt: string): void {
  // Maps iterate in insertion order: dropping the first key drops the oldest entry.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(tokenHash, { user, until: Math.min(Date.now() + SESSION_CACHE_TTL_MS, Date.parse(sessionExpiresAt)) });
}

/** Drops cached sessions matching `which` (a revoked session, every session of a user). */
export function forgetSessions(which: (user: SessionUser) => boolean): void {
  for (const [hash, e] of entries) if (which(e.user)) entries.delete(hash);
}
