import { Lru } from './lru';

/**
 * Values read on almost every request but written rarely (settings, the catalog), kept in memory
 * for at most `ttlMs` in a bounded LRU. `invalidate()` drops every entry at once on this instance;
 * other instances see the write within `ttlMs`. A load that began before an invalidation is not
 * kept, so a write racing a read cannot leave the old value cached.
 */
export class Memo<K extends {}, V extends {}> {
  readonly #entries: Lru<K, Promise<V>>;
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
    value.then(() => {
      if (born !== this.#generation) drop();
    }, drop);
    return value;
  }

  get lookups(): { hits: number; misses: number } {
    return this.#entries.lookups;
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
