import { describe, expect, it } from 'vitest';
import { createAppCaches } from '../src/app-caches';
import { Lru } from '../src/kernel/lru';

// What an idle store holds (docs/benchmarks.md#memory): V8 sets its next collection's limit at a
// multiple of the live heap, so every MB held from the start costs several under load.

describe('the in-memory caches', () => {
  it('set aside no memory for entries they do not hold', () => {
    const before = process.memoryUsage().heapUsed;
    // Kept referenced until measured: ten apps' caches (50,000 sessions, 20,000 products, … each).
    const caches = Array.from({ length: 10 }, () => createAppCaches());
    const grown = process.memoryUsage().heapUsed - before;
    expect(caches).toHaveLength(10);
    // lru-cache set aside 4 MB for each app's empty caches.
    expect(grown).toBeLessThan(1024 * 1024);
  });

  it('drop the least recently used entry when full, and expired entries when read', async () => {
    const lru = new Lru<string, number>({ max: 2, ttlMs: 60_000 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([...lru.entries()]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
    expect(lru.peek('b')).toBeUndefined();
    // peek does not count as a use: `a` stays the least recently used and goes next.
    expect(lru.peek('a')).toBe(1);
    lru.set('d', 4);
    expect(lru.get('a')).toBeUndefined();

    lru.set('short', 5, 20);
    expect(lru.get('short')).toBe(5);
    await new Promise((r) => setTimeout(r, 40));
    expect(lru.get('short')).toBeUndefined();
    expect(lru.peek('d')).toBe(4);
    lru.delete('d');
    expect(lru.get('d')).toBeUndefined();
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
