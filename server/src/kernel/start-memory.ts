/**
 * Gives back the memory a start grew and no longer uses. Loading the modules, migrating and seeding
 * the demo grow V8's young generation to its largest (two 16 MB halves) and leave the old one with
 * as much free as used; V8's memory reducer returns both only once it sees the process idle, 15 to
 * 30 s after the start, so a store that had just started held 130 MB where a settled one holds
 * 100 MB (docs/benchmarks.md#memory). One collection of everything, as the inspector's
 * `HeapProfiler.collectGarbage` makes it (V8's low-memory notification: the young generation shrunk
 * to its smallest, the old one compacted), before the store listens: a pause of a few tens of
 * milliseconds that no request waits for. The young generation grows back as fast as traffic needs.
 * The in-process inspector session opens no port.
 */
export async function releaseStartMemory(): Promise<void> {
  try {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    try {
      await session.post('HeapProfiler.collectGarbage');
    } finally {
      session.disconnect();
    }
  } catch {
    // No inspector in this Node build (or none to spare): V8's memory reducer gives it back later.
  }
}
