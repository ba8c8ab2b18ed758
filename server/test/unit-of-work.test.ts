import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect';
import type { DB } from '../src/db/database';
import type { Effect } from '../src/kernel/effects';
import { after as afterCommit, handleEffects, work } from '../src/kernel/unit-of-work';
import { createLeaseLoop } from '../src/kernel/lease-worker';
import { queuePush } from '../src/modules/notifications/push/outbox';
import { settingsReply } from '../src/modules/settings/service';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
// A bare connection with a recording handler, as another app on the same database would be.
let bare: { db: DB; close: () => Promise<void> };
let seen: Array<{ effects: Effect[]; visible: number }>;

const probeCount = async () =>
  Number((await sql<{ n: number }>`SELECT count(*) AS n FROM uow_probe`.execute(t.db)).rows[0]!.n);

beforeAll(async () => {
  t = await setupApp();
  const schema = t.engine === 'postgres' ? await schemaOf(t.db) : null;
  bare = await connect(
    schema
      ? { databaseUrl: process.env.TEST_DATABASE_URL, dataDir: t.dataDir, pgSchema: schema }
      : { dataDir: t.dataDir },
  );
  await sql`CREATE TABLE uow_probe (n INTEGER NOT NULL)`.execute(t.db);
  // What the handler sees when it runs: is the transaction's write already visible to others?
  handleEffects(bare.db, async (effects) => {
    seen.push({ effects, visible: await probeCount() });
  });
});
afterAll(async () => {
  await bare.close();
  await t.close();
});

async function schemaOf(db: DB): Promise<string | null> {
  return (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? null;
}

const every: Effect[] = [
  { kind: 'users-changed', users: [7, null] },
  { kind: 'reads-stale' },
  { kind: 'wake', worker: 'forwarder' },
  { kind: 'wake', worker: 'numbers' },
  { kind: 'wake', worker: 'push' },
  { kind: 'wake', worker: 'webhooks' },
  { kind: 'sessions-stale', userId: 7, exceptSessionId: 3 },
  { kind: 'api-keys-stale', keyId: 5 },
  { kind: 'storefronts-stale' },
  { kind: 'stock-low', productId: 1, left: 2, reqId: null },
  { kind: 'mail', message: { to: 'a@test.local', subject: 'موضوع', text: 'نص', html: '<p>نص</p>' } },
];

describe('the unit of work', () => {
  for (const effect of every) {
    const name = effect.kind === 'wake' ? `wake ${effect.worker}` : effect.kind;
    it(`${name}: carried out once, after the commit, and never after a rollback`, async () => {
      seen = [];
      const before = await probeCount();
      await work(bare.db, async (tx) => {
        await sql`INSERT INTO uow_probe (n) VALUES (1)`.execute(tx);
        afterCommit(tx, effect);
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual([{ effects: [effect], visible: before + 1 }]);

      seen = [];
      await expect(
        work(bare.db, async (tx) => {
          await sql`INSERT INTO uow_probe (n) VALUES (1)`.execute(tx);
          afterCommit(tx, effect);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(seen).toEqual([]);
      expect(await probeCount()).toBe(before + 1);
    });
  }

  it('writes sharing one commit: a write that fails takes only its own effects with it', async () => {
    seen = [];
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        work(
          bare.db,
          async (tx) => {
            await sql`INSERT INTO uow_probe (n) VALUES (${n})`.execute(tx);
            afterCommit(tx, { kind: 'users-changed', users: [n] });
            if (n === 2) throw new Error('refused');
          },
          { shareCommit: true },
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const told = seen.flatMap((s) => s.effects.flatMap((e) => (e.kind === 'users-changed' ? e.users : [])));
    expect(told.sort()).toEqual([1, 3]);
  });

  it('outside a transaction an effect leaves at once; a transaction not opened by work() is refused', async () => {
    seen = [];
    afterCommit(bare.db, { kind: 'reads-stale' });
    await expect.poll(() => seen.map((s) => s.effects)).toEqual([[{ kind: 'reads-stale' }]]);
    await expect(bare.db.transaction().execute(async (tx) => afterCommit(tx, { kind: 'reads-stale' }))).rejects.toThrow(
      'work()',
    );
  });
});

describe("the app's effects", () => {
  it("users-changed: a customer's open event stream hears of a notice only once it is committed", async () => {
    const user = await t.createUser();
    let told = 0;
    const unsubscribe = t.app.events.subscribe(user.id, () => told++);
    try {
      await expect(
        work(t.db, async (tx) => {
          await queuePush(tx, user.id, { title: 'x', body: 'y', url: '/orders' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(told).toBe(0);
      await work(t.db, async (tx) => {
        await queuePush(tx, user.id, { title: 'x', body: 'y', url: '/orders' });
        expect(told).toBe(0);
      });
      await expect.poll(() => told).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it('a notice wakes the push worker only when it queued a push (most customers subscribe none)', async () => {
    const [without, subscribed] = [await t.createUser(), await t.createUser()];
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', subscribed.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('push_subscriptions')
      .values({
        user_id: subscribed.id,
        session_id: session.id,
        endpoint: 'https://127.0.0.1/push/1',
        p256dh: 'key',
        auth: 'auth',
        created_at: new Date().toISOString(),
      })
      .execute();
    const wakes = () => seen.flatMap((s) => s.effects).filter((e) => e.kind === 'wake' && e.worker === 'push');
    seen = [];
    await work(bare.db, (tx) => queuePush(tx, without.id, { title: 'x', body: 'y', url: '/orders' }));
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]!.effects).toEqual([{ kind: 'users-changed', users: [without.id] }]);
    await work(bare.db, (tx) => queuePush(tx, subscribed.id, { title: 'x', body: 'y', url: '/orders' }));
    await expect.poll(() => seen.length).toBe(2);
    expect(wakes()).toEqual([{ kind: 'wake', worker: 'push' }]);
  });

  it('a background job tells the streams what it committed once it returned, nothing for a failed job', async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const told: number[] = [];
    const offs = [a, b].map((u) => t.app.events.subscribe(u.id, () => told.push(u.id)));
    const jobs = [
      { user: a.id, fail: false },
      { user: b.id, fail: true },
    ];
    const loop = createLeaseLoop<(typeof jobs)[number]>({
      pollMs: 1000,
      autoRun: false,
      claim: async () => jobs.shift(),
      run: (job) =>
        work(t.db, async (tx) => {
          await queuePush(tx, job.user, { title: 'x', body: 'y', url: '/orders' });
          expect(told).toEqual([]);
          if (job.fail) throw new Error('rolled back');
        }),
      failed: async () => {},
      isLeaseLost: () => false,
      logPassError: () => {},
    });
    try {
      await loop.runDue();
      await expect.poll(() => told).toEqual([a.id]);
    } finally {
      for (const off of offs) off();
    }
  });

  it('reads-stale: cached settings are dropped after the commit, and kept when it rolls back', async () => {
    const first = await settingsReply(t.app, 1);
    await expect(
      work(t.db, async (tx) => {
        afterCommit(tx, { kind: 'reads-stale' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await settingsReply(t.app, 1)).toBe(first);
    await work(t.db, async (tx) => {
      afterCommit(tx, { kind: 'reads-stale' });
      expect(await settingsReply(t.app, 1)).toBe(first);
    });
    expect(await settingsReply(t.app, 1)).not.toBe(first);
  });
});
