/**
 * Values read on almost every request but written rarely (settings, the catalog), kept in memory
 * for at most `ttlMs`. `invalidate()` drops every entry at once on this instance; other
 * instances see the write within `ttlMs`. A load that began before an invalidation is not kept,
 * so a write racing a read cannot leave the old value cached.
 */
export function ttlMemo<K, V>(ttlMs: number) {
  const entries = new Map<K, { value: Promise<V>; until: number }>();
  let generation = 0;
  const memo = {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const born = generation;
      const value = load();
      entries.set(key, { value, until: Date.now() + ttlMs });
      value.then(
        () => {
          if (born !== generation) entries.delete(key);
        },
        () => entries.delete(key),
      );
      return value;
    },
    invalidate(): void {
      generation++;
      entries.clear();
    },
  };
  memos.add(memo);
  return memo;
}

const memos = new Set<{ invalidate(): void }>();

/**
 * Drops every memo. The admin API calls it after each successful write, so no operator edit
 * (settings, sliders, catalog) can be missed by forgetting one specific invalidation.
 */
export function invalidateAllMemos(): void {
  for (const m of memos) m.invalidate();
}
