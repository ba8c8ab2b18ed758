import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect';
import type { DB } from '../src/db/database';
import { statementNamer } from '../src/db/pg-statements';
import { testEngine } from './helper';
import { ownPgSchema } from './pg-schema';

describe('statementNamer', () => {
  it('names a text from its third use on, the same name each time', () => {
    const namer = statementNamer();
    const text = 'select * from users where id = $1';
    expect(namer.nameFor(text)).toBeUndefined();
    expect(namer.nameFor(text)).toBeUndefined();
    const name = namer.nameFor(text);
    expect(name).toMatch(/^r_[0-9a-f]{20}$/);
    expect(namer.nameFor(text)).toBe(name);
    expect(namer.nameFor('select * from users where id = $2')).toBeUndefined();
  });

  it('names at most `max` texts, however many different ones repeat', () => {
    const namer = statementNamer({ after: 1, max: 5 });
    const named = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const name = namer.nameFor(`select ${i} where $1`);
      if (name) named.add(name);
    }
    expect(named.size).toBe(5);
  });

  it('never names a text that asks to be planned for its values each time', () => {
    const namer = statementNamer({ after: 1 });
    const text = "/* unnamed */ select id from orders where lower(data) like $1 escape '\\' limit $2";
    for (let i = 0; i < 5; i++) expect(namer.nameFor(text)).toBeUndefined();
  });
});

/**
 * PostgreSQL only: statements the store repeats become prepared statements of the connection,
 * and a table changed under them (another instance migrating) costs one failed call at most.
 */
const own = ownPgSchema('pgnamed');
const { url, schema, dataDir } = own;
let handle: DbHandle | undefined;

afterAll(async () => {
  await handle?.close();
  await own.drop();
});

/** The row of `id`, through Kysely as the store queries, on the one connection `db` holds. */
const rowOf = (db: DB, id: number) => sql<Record<string, unknown>>`select * from things where id = ${id}`.execute(db);

describe.skipIf(testEngine !== 'postgres')('on PostgreSQL only: named statements', () => {
  it('prepares a repeated query once per connection and plans it again after the table changes', async () => {
    handle = await connect({ databaseUrl: url, dataDir, pgSchema: schema });
    await sql`create table things (id int primary key, name text)`.execute(handle.db);
    await sql`insert into things values (1, 'a'), (2, 'b')`.execute(handle.db);

    await handle.db.connection().execute(async (db) => {
      for (const id of [1, 2, 1, 2]) expect((await rowOf(db, id)).rows).toHaveLength(1);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
      expect(prepared.rows.map((r) => r.statement)).toContain('select * from things where id = $1');

      // Another process adds a column: the prepared `select *` now returns another row type.
      const other = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
      await other.connect();
      await other.query('alter table things add column price int not null default 7');
      await other.end();

      const outcomes: Array<Record<string, unknown> | string> = [];
      for (let i = 0; i < 3; i++) {
        try {
          outcomes.push((await rowOf(db, 1)).rows[0]!);
        } catch (err) {
          outcomes.push((err as { code?: string }).code ?? 'error');
        }
      }
      // At most the first call fails; every later one sees the new column.
      expect(outcomes.filter((o) => typeof o === 'string').length).toBeLessThanOrEqual(1);
      expect(outcomes.at(-1)).toEqual({ id: 1, name: 'a', price: 7 });
      expect(outcomes.at(-2)).toEqual({ id: 1, name: 'a', price: 7 });
    });
  });

  it('sends nothing named when told not to (a pooler that cannot keep prepared statements)', async () => {
    const plain = await connect({ databaseUrl: url, dataDir, pgSchema: schema, preparedStatements: false });
    try {
      await plain.db.connection().execute(async (db) => {
        for (let i = 0; i < 5; i++) await rowOf(db, 2);
        const prepared = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(db);
        expect(Number(prepared.rows[0]!.n)).toBe(0);
      });
    } finally {
      await plain.close();
    }
  });
});
