import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTemplate } from '../src/db/query-template';
import { work } from '../src/kernel/unit-of-work';
import { setupApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

describe('queryTemplate', () => {
  it('builds the statement once and runs it with each call’s own values', async () => {
    let builds = 0;
    const usersNamed = queryTemplate(['email', 'role'], (db, v: { email: string; role: 'customer' | 'operator' }) => {
      builds++;
      return db.selectFrom('users').select(['email', 'role']).where('email', '=', v.email).where('role', '=', v.role);
    });
    const a = await t.createUser();
    const b = await t.createUser({ role: 'operator' });
    expect((await usersNamed(t.db, { email: a.email, role: 'customer' })).rows).toEqual([
      { email: a.email, role: 'customer' },
    ]);
    expect((await usersNamed(t.db, { email: b.email, role: 'operator' })).rows).toEqual([
      { email: b.email, role: 'operator' },
    ]);
    expect((await usersNamed(t.db, { email: b.email, role: 'customer' })).rows).toEqual([]);
    expect(builds).toBe(1);
  });

  it('builds once for a database and every transaction on it', async () => {
    let builds = 0;
    const emailOf = queryTemplate(['id'], (db, v: { id: number }) => {
      builds++;
      return db.selectFrom('users').select('email').where('id', '=', v.id);
    });
    const a = await t.createUser();
    for (let i = 0; i < 3; i++) {
      const rows = await work(t.db, async (tx) => (await emailOf(tx, { id: a.id })).rows);
      expect(rows).toEqual([{ email: a.email }]);
    }
    expect((await emailOf(t.db, { id: a.id })).rows).toEqual([{ email: a.email }]);
    expect(builds).toBe(1);
  });

  it('refuses a template where a value shapes the statement instead of being a parameter', async () => {
    const shaped = queryTemplate(['limit', 'email'], (db, v: { limit: number; email: string }) =>
      // A slot that never reaches the statement: `v.limit` is read as a JavaScript value here.
      db
        .selectFrom('users')
        .select('id')
        .where('email', '=', v.email)
        .limit(typeof v.limit === 'number' ? v.limit : 1),
    );
    await expect(shaped(t.db, { limit: 5, email: 'x@example.com' })).rejects.toThrow(/not parameters: limit/);
  });
});
