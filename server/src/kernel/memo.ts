import { Lru } from './lru';

/**
 * Values read on almost every request but written rarely (settings, the catalog), kept in memory
 * for at most `ttlMs` in a bounded LRU. `invalidate()` drops every entry at once on this instance;
 * other instances see the write within `ttlMs`. A load that began before an invalidation is not
 * kept, so a write racing a read cannot leave the old value cached.
 */
export class Memo<K extends {}, V extends {}> {
  readonly #entries: Lru<K, Promise<V>>;
  /** What each kept load resolved to, for `getNow`. */
  readonly #settled = new WeakMap<Promise<V>, V>();
  #generation = 0;

  constructor(opts: { ttlMs: number; max: number }) {
    this.#entries = new Lru(opts);
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.#entries.get(key);
    if (hit) return hit;
    const born = this.#generation;
    const value = load();
    this.#entries.set(key, value);
    const drop = () => {
      if (this.#entries.peek(key) === value) this.#entries.delete(key);
    };
    value.then((v) => {
      if (born !== this.#generation) drop();
      else this.#settled.set(value, v);
    }, drop);
    return value;
  }

  /**
   * Like `get`, but a value already loaded comes back as it is, not in a promise: a read served
   * from memory then answers without waiting a microtask (and, on Node 20, without the
   * async-context hooks every promise runs).
   */
  getNow(key: K, load: () => Promise<V>): V | Promise<V> {
    const kept = this.get(key, load);
    return this.#settled.get(kept) ?? kept;
  }

  get lookups(): { hits: number; misses: number } {
    return this.#entries.lookups;
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
