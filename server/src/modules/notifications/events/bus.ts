import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { currentSchema, notifyChannel } from './bus-statements';
import type pg from 'pg';
import type { DB, Engine } from '../../../db/database';

/** What one instance tells the others: these users' orders, balance or notices changed. */
export type ChangeMessage = { scope: string; users: (number | null)[] };

type Listener = () => void;

/**
 * Fans "something changed for user N" out to the event streams open on every instance. One
 * instance (SQLite): in memory. PostgreSQL: `NOTIFY` on one channel, each instance `LISTEN`s with
 * one dedicated connection. With REDIS_URL: Redis pub/sub. Messages carry a scope (the schema or
 * data directory) so stores sharing a server (tests) never see each other's users.
 */
export class EventBus {
  private readonly local = new EventEmitter();
  private stopped = false;
  private pgClient: pg.Client | null = null;
  private redisSub: Redis | null = null;
  private redisPub: Redis | null = null;
  private scope = '';
  private mode: 'memory' | 'postgres' | 'redis' = 'memory';

  constructor(
    private readonly opts: {
      db: DB;
      engine: Engine;
      databaseUrl: string | undefined;
      redisUrl: string | undefined;
      dataDir: string;
      log: FastifyBaseLogger;
    },
  ) {
    this.local.setMaxListeners(0);
  }

  static readonly CHANNEL = 'raseed_events';
  /** A NOTIFY's payload holds under 8,000 bytes: 200 ids of up to 19 digits and the scope fit. */
  static readonly USERS_PER_MESSAGE = 200;
  /** Users told of a change this turn, not yet sent to the other instances. */
  private readonly pending = new Set<number | null>();
  private flush: Promise<void> | null = null;

  async start(): Promise<void> {
    const { engine, db, redisUrl, databaseUrl } = this.opts;
    this.scope = engine === 'postgres' ? await currentSchema(db) : this.opts.dataDir;
    if (redisUrl) {
      this.mode = 'redis';
      // Loaded only when configured: a store without Redis never loads its client.
      const { Redis } = await import('ioredis');
      this.redisPub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 });
      this.redisSub = new Redis(redisUrl, { maxRetriesPerRequest: null });
      this.redisSub.on('message', (_ch: string, text: string) => this.receive(text));
      this.redisSub.on('error', (err: Error) => this.opts.log.warn({ err }, 'event bus: redis'));
      this.redisPub.on('error', (err: Error) => this.opts.log.warn({ err }, 'event bus: redis'));
      await this.redisSub.subscribe(EventBus.CHANNEL);
    } else if (engine === 'postgres' && databaseUrl) {
      this.mode = 'postgres';
      await this.listen();
    }
  }

  /**
   * One LISTEN connection; if it drops, a new one after a second (events meanwhile are lost: the 15 s poll covers
   * them).
   */
  private async listen(): Promise<void> {
    const { default: pg } = await import('pg');
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    const retry = () => {
      if (this.pgClient !== client || this.stopped) return;
      this.pgClient = null;
      client.end().catch(() => {});
      setTimeout(() => this.listen().catch((err) => this.opts.log.warn({ err }, 'event bus: listen')), 1000).unref();
    };
    client.on('notification', (n) => {
      if (n.payload) this.receive(n.payload);
    });
    client.on('error', (err) => {
      this.opts.log.warn({ err }, 'event bus: postgres listener');
      retry();
    });
    client.on('end', retry);
    this.pgClient = client;
    await client.connect();
    await client.query(`LISTEN ${EventBus.CHANNEL}`);
  }

  private receive(text: string): void {
    try {
      const m = JSON.parse(text) as ChangeMessage;
      if (m.scope !== this.scope) return;
      this.deliver(m.users);
    } catch {
      // Not ours.
    }
  }

  private deliver(users: (number | null)[]): void {
    for (const u of users) {
      if (u === null) this.local.emit('*');
      else this.local.emit(`u${u}`);
    }
  }

  /**
   * After commit: tell every instance's open streams of these users. Never throws. On one
   * instance it tells them at once; across instances the users of one event-loop turn go out
   * together: each message is a NOTIFY (or a Redis PUBLISH) of its own, and PostgreSQL commits
   * NOTIFYs one at a time, so a sale each did not scale with the sales (docs/performance.md).
   */
  async publish(users: (number | null)[]): Promise<void> {
    if (users.length === 0) return;
    if (this.mode === 'memory') return this.deliver(users);
    for (const u of users) this.pending.add(u);
    this.flush ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.flush = null;
        resolve(this.sendPending());
      }),
    );
    return this.flush;
  }

  private async sendPending(): Promise<void> {
    const users = [...this.pending];
    this.pending.clear();
    for (let i = 0; i < users.length; i += EventBus.USERS_PER_MESSAGE) {
      const text = JSON.stringify({
        scope: this.scope,
        users: users.slice(i, i + EventBus.USERS_PER_MESSAGE),
      } satisfies ChangeMessage);
      try {
        if (this.mode === 'redis') await this.redisPub!.publish(EventBus.CHANNEL, text);
        else await notifyChannel(this.opts.db, EventBus.CHANNEL, text);
      } catch (err) {
        this.opts.log.warn({ err }, 'event bus: publish failed');
      }
    }
  }

  /** Calls `fn` when the user (or every customer) is told of a change; returns the unsubscribe. */
  subscribe(userId: number, fn: Listener): () => void {
    this.local.on(`u${userId}`, fn);
    this.local.on('*', fn);
    return () => {
      this.local.off(`u${userId}`, fn);
      this.local.off('*', fn);
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const c = this.pgClient;
    this.pgClient = null;
    await c?.end().catch(() => {});
    this.redisSub?.disconnect();
    this.redisPub?.disconnect();
  }
}
