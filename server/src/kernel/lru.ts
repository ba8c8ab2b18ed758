/**
 * A bounded least-recently-used map whose entries expire, for the app's in-memory caches (`Memo`,
 * the session cache). Its memory grows with the entries it holds: lru-cache, used before, sets
 * aside four arrays of `max` slots when it is made, which for the caches of one app (50,000
 * sessions, 20,000 products twice, …) was 4 MB of heap held from the start, empty or not, and
 * counted in the live heap that V8 multiplies into its next collection's limit.
 *
 * A Map keeps insertion order: a hit is moved to the end, so the first key is the least recently
 * used. An expired entry is dropped when it is read or evicted, never by a timer.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>();
  /** Lookups through `get` since the cache was made, read by the metrics at scrape time. */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(private readonly opts: { max: number; ttlMs: number }) {}

  /** The live value, now the most recently used; undefined when absent or expired. */
  get(key: K): V | undefined {
    const entry = this.#live(key);
    if (!entry) {
      this.lookups.misses++;
      return undefined;
    }
    this.lookups.hits++;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** The live value without counting it as used. */
  peek(key: K): V | undefined {
    return this.#live(key)?.value;
  }

  /** Stores `value` for `ttlMs` (the cache's own by default); the least recently used entry goes when full. */
  set(key: K, value: V, ttlMs = this.opts.ttlMs): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.opts.max) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, { value, expires: performance.now() + ttlMs });
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** The live entries, least recently used first. */
  *entries(): Generator<[K, V]> {
    const t = performance.now();
    for (const [key, entry] of this.#entries) if (entry.expires > t) yield [key, entry.value];
  }

  get size(): number {
    return this.#entries.size;
  }

  #live(key: K): { value: V; expires: number } | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > performance.now()) return entry;
    this.#entries.delete(key);
    return undefined;
  }
}
