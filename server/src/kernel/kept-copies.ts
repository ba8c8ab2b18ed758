/**
 * The last copy each read gave, served when a later read of the same key fails (a database that
 * is restarting, failing over, or out of connections for a moment): what a visitor sees first,
 * a storefront's name and face, should not turn into an error page for that. Held per app
 * instance and bounded by its keys (storefronts), not by time: an old face is better than none.
 */
export class KeptCopies<K, V> {
  readonly #copies = new Map<K, V>();

  /** `load`'s value, kept; when it fails, `fallback` decides from the error and the copy kept (if any). */
  async read(key: K, load: () => Promise<V>, fallback: (err: unknown, kept: V | undefined) => V): Promise<V> {
    try {
      const value = await load();
      this.#copies.set(key, value);
      return value;
    } catch (err) {
      return fallback(err, this.#copies.get(key));
    }
  }
}
