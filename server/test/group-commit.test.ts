import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect';
import type { DB } from '../src/db/database';
import { work } from '../src/kernel/unit-of-work';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
// A second connection, as another process (or ledger:verify) would read the file or database.
let reader: { db: DB; close: () => Promise<void> };

beforeAll(async () => {
  t = await setupApp();
  reader = t.engine === 'postgres' ? { db: t.db, close: async () => undefined } : await connect({ dataDir: t.dataDir });
  await sql`CREATE TABLE probe (job INTEGER NOT NULL UNIQUE)`.execute(t.db);
});
afterAll(async () => {
  await reader.close();
  await t.close();
});

const visible = async (job: number) =>
  (await sql<{ n: number }>`SELECT count(*) AS n FROM probe WHERE job = ${job}`.execute(reader.db)).rows[0]!.n;

const engine = process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'SQLite: one shared commit';

describe(`writes placed at once (${engine})`, () => {
  it('answers each one only once it is committed, and a failing one undoes only itself', async () => {
    const checks: Promise<void>[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, job) =>
        work(
          t.db,
          async (trx) => {
            await sql`INSERT INTO probe (job) VALUES (${job})`.execute(trx);
            if (job % 3 === 0) throw new Error(`job ${job} refused`);
            return job;
          },
          { shareCommit: true },
        ).then((value) => {
          // The moment a caller hears "done", another connection already sees the write.
          checks.push(visible(value).then((n) => expect(n, `job ${value}`).toBe(1)));
          return value;
        }),
      ),
    );
    await Promise.all(checks);
    results.forEach((r, job) => {
      if (job % 3 === 0) expect(r).toMatchObject({ status: 'rejected', reason: { message: `job ${job} refused` } });
      else expect(r).toEqual({ status: 'fulfilled', value: job });
    });
    const rows = await reader.db.selectFrom(sql`probe`.as('p')).select(sql<number>`job`.as('job')).execute();
    expect(rows.map((r) => r.job).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, j) => j).filter((j) => j % 3 !== 0),
    );
  });

  it('a write that breaks a constraint fails alone; the one before it in the same commit stays', async () => {
    const [first, dup] = await Promise.allSettled([
      work(t.db, (trx) => sql`INSERT INTO probe (job) VALUES (1000)`.execute(trx), { shareCommit: true }),
      work(t.db, (trx) => sql`INSERT INTO probe (job) VALUES (1000)`.execute(trx), { shareCommit: true }),
    ]);
    if (t.engine === 'sqlite') {
      // One writer: the two share a commit in the order they were asked.
      expect(first.status).toBe('fulfilled');
      expect(dup.status).toBe('rejected');
    } else {
      // PostgreSQL runs them on two connections at once: either may be first, never both.
      expect([first.status, dup.status].sort()).toEqual(['fulfilled', 'rejected']);
    }
    expect(await visible(1000)).toBe(1);
  });
});
