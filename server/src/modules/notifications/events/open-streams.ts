/**
 * Open event streams per customer on one instance. Each holds a connection (a file descriptor):
 * without a cap, one customer opening ~1,000 streams filled the descriptor table and the store
 * refused every new connection, other customers' sign-ins included. The newest stream wins, so a
 * customer who opens a 21st tab is never refused: their oldest stream is closed instead.
 */
export const MAX_STREAMS_PER_USER = 20;

/** Why the server ended a stream, sent to the client as `event: end`. */
export type StreamEnd = 'replaced' | 'signed-out';

export type StreamOwner = { userId: number; sessionId: number };
type Entry = StreamOwner & { end: (why: StreamEnd) => void };

export class OpenStreams {
  // A Set keeps insertion order: the first entry is the user's oldest stream.
  readonly #byUser = new Map<number, Set<Entry>>();
  readonly #checks = new Map<number, Promise<boolean>>();

  constructor(
    private readonly sessionLive: (sessionId: number) => Promise<boolean>,
    private readonly onCheckFailed: (err: unknown) => void,
    readonly maxPerUser = MAX_STREAMS_PER_USER,
  ) {}

  /** Registers a stream; past the cap the user's oldest is ended. Returns the unregister. */
  add(owner: StreamOwner, end: (why: StreamEnd) => void): () => void {
    let streams = this.#byUser.get(owner.userId);
    if (!streams) {
      streams = new Set();
      this.#byUser.set(owner.userId, streams);
    }
    const entry: Entry = { ...owner, end };
    streams.add(entry);
    while (streams.size > this.maxPerUser) {
      const oldest = streams.values().next().value as Entry;
      this.#remove(oldest);
      oldest.end('replaced');
    }
    return () => this.#remove(entry);
  }

  #remove(entry: Entry): void {
    const streams = this.#byUser.get(entry.userId);
    if (!streams?.delete(entry)) return;
    if (streams.size === 0) this.#byUser.delete(entry.userId);
  }

  /** How many streams the user has open on this instance. */
  count(userId: number): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  /**
   * Whether the session is still signed in: one database read per session at a time, however
   * many of its streams ask. A failed read keeps the stream (the next heartbeat asks again)
   * rather than dropping every stream at once when the database blips.
   */
  live(sessionId: number): Promise<boolean> {
    const pending = this.#checks.get(sessionId);
    if (pending) return pending;
    const check = this.sessionLive(sessionId)
      .catch((err: unknown) => {
        this.onCheckFailed(err);
        return true;
      })
      .finally(() => this.#checks.delete(sessionId));
    this.#checks.set(sessionId, check);
    return check;
  }

  /** After sessions changed (a logout, a revocation): ends the matching streams whose session no longer lives. */
  async recheck(which: (owner: StreamOwner) => boolean): Promise<void> {
    const affected: Entry[] = [];
    for (const streams of this.#byUser.values()) for (const e of streams) if (which(e)) affected.push(e);
    await Promise.all(
      affected.map(async (e) => {
        if (!(await this.live(e.sessionId))) {
          this.#remove(e);
          e.end('signed-out');
        }
      }),
    );
  }

  /** Ends every stream (the instance is closing); clients reconnect to another. */
  clear(): void {
    this.#byUser.clear();
  }
}
