import { Lru } from '../../kernel/lru';
import type { AddressRule } from './address-rule';
import type { KeyMode } from './token';

/**
 * A key read from the database is kept in this instance's memory for API_KEY_CACHE_TTL_MS. A
 * revocation (or the store turning the owner's API access off) must reach every instance within a
 * second: the change also moves a generation in the same transaction (`keysChanged`), which each
 * instance reads at most once every GENERATION_CHECK_MS, on the first key call after that time,
 * dropping every cached key when it moved. The instance that made the change forgets at once,
 * after the commit (the `api-keys-stale` effect). One per app instance (`app.caches.apiKeys`).
 */
export const API_KEY_CACHE_TTL_MS = 30_000;
export const GENERATION_CHECK_MS = 1_000;
const MAX_ENTRIES = 20_000;

export type CachedKey = {
  keyId: number;
  userId: number;
  role: 'customer' | 'operator';
  /** The owner's storefront (null: an operator's key): a key is refused on every other storefront. */
  storefrontId: number | null;
  twoFactor: boolean;
  mode: KeyMode;
  apiAccess: boolean;
  revoked: boolean;
  allows: AddressRule;
  /** When the database last recorded a use (ms), moved forward here when this instance records one. */
  lastUsedAt: number | null;
};

export class ApiKeyCache {
  // Keyed by the token's keyed hash, never the token.
  readonly #entries = new Lru<string, CachedKey>({ max: MAX_ENTRIES, ttlMs: API_KEY_CACHE_TTL_MS });
  #generation = 0;
  /** The database's generation as last read, when, and the read in flight (one for all callers). */
  #seen: { value: number | null; at: number } = { value: null, at: 0 };
  #checking: Promise<void> | null = null;

  /**
   * Before a cached key is trusted: at most once every GENERATION_CHECK_MS, the database's
   * generation; when it moved (a key revoked, access turned off on any instance), every cached
   * key is dropped and read again.
   */
  async sync(read: () => Promise<number>): Promise<void> {
    if (Date.now() - this.#seen.at < GENERATION_CHECK_MS) return;
    this.#checking ??= (async () => {
      const readAt = Date.now();
      try {
        const value = await read();
        if (this.#seen.value !== null && value !== this.#seen.value) this.forget(() => true);
        this.#seen = { value, at: readAt };
      } finally {
        this.#checking = null;
      }
    })();
    await this.#checking;
  }

  get(tokenHash: string): CachedKey | null {
    return this.#entries.get(tokenHash) ?? null;
  }

  get lookups(): { hits: number; misses: number } {
    return this.#entries.lookups;
  }

  /** Taken before the database read; `remember` keeps nothing if a revocation happened since. */
  ticket(): number {
    return this.#generation;
  }

  /** Kept until API_KEY_CACHE_TTL_MS after `readAt` (when the read began), not after it ended. */
  remember(ticket: number, tokenHash: string, key: CachedKey, readAt: number): void {
    if (ticket !== this.#generation) return;
    const ttl = API_KEY_CACHE_TTL_MS - (Date.now() - readAt);
    if (ttl > 0) this.#entries.set(tokenHash, key, ttl);
  }

  /** Drops cached keys matching `which` (one revoked key, every key of a user). */
  forget(which: (key: CachedKey) => boolean): void {
    this.#generation++;
    const gone: string[] = [];
    for (const [hash, key] of this.#entries.entries()) if (which(key)) gone.push(hash);
    for (const hash of gone) this.#entries.delete(hash);
  }
}
