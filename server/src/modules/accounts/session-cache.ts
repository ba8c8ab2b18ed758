import { Lru } from '../../kernel/lru';
import type { SessionUser } from '../../kernel/http/guard';

/**
 * Token checks served from memory: every signed-in request looked its session up in the
 * database. An entry lives SESSION_CACHE_TTL_MS at most and never past the session's own
 * expiry; this instance forgets it once a logout or revocation has committed, another instance
 * within SESSION_CACHE_TTL_MS. One per app instance (`app.caches.sessions`).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export class SessionCache {
  // Keyed by the SHA-256 of the bearer token, never the token itself.
  readonly #entries = new Lru<string, SessionUser>({ max: MAX_ENTRIES, ttlMs: SESSION_CACHE_TTL_MS });
  #generation = 0;

  get(tokenHash: string): SessionUser | null {
    return this.#entries.get(tokenHash) ?? null;
  }

  get lookups(): { hits: number; misses: number } {
    return this.#entries.lookups;
  }

  /** Taken before the database read; `remember` keeps nothing if a revocation happened since. */
  ticket(): number {
    return this.#generation;
  }

  remember(ticket: number, tokenHash: string, user: SessionUser, sessionExpiresAt: string): void {
    if (ticket !== this.#generation) return;
    const ttl = Math.min(SESSION_CACHE_TTL_MS, Date.parse(sessionExpiresAt) - Date.now());
    if (ttl > 0) this.#entries.set(tokenHash, user, ttl);
  }

  /** Drops cached sessions matching `which` (a revoked session, every session of a user). */
  forget(which: (user: SessionUser) => boolean): void {
    this.#generation++;
    const gone: string[] = [];
    for (const [hash, user] of this.#entries.entries()) if (which(user)) gone.push(hash);
    for (const hash of gone) this.#entries.delete(hash);
  }
}
