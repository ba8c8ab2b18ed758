import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

/**
 * Two indexes on the same columns cost every insert and update of their table twice and serve
 * no read the other does not. Partial indexes (a WHERE) and unique ones are told apart by what
 * they enforce, so only plain ones count as repeats.
 */
async function repeatedIndexes(t: TestApp): Promise<string[][]> {
  if (t.engine === 'postgres') {
    const { rows } = await sql<{ names: string[] }>`
      select array_agg(c.relname::text order by c.relname) as names
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and i.indpred is null and not i.indisunique
      group by i.indrelid, i.indkey::text
      having count(*) > 1`.execute(t.db);
    return rows.map((r) => r.names);
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.db);
  const repeats: string[][] = [];
  for (const { name } of tables.rows) {
    const list = await sql<{ name: string; unique: number; partial: number }>`
      select name, "unique", partial from pragma_index_list(${name})`.execute(t.db);
    const byColumns = new Map<string, string[]>();
    for (const index of list.rows.filter((r) => !r.unique && !r.partial)) {
      const cols = await sql<{ name: string }>`select name from pragma_index_info(${index.name})`.execute(t.db);
      const key = cols.rows.map((c) => c.name).join(',');
      byColumns.set(key, [...(byColumns.get(key) ?? []), index.name]);
    }
    for (const names of byColumns.values()) if (names.length > 1) repeats.push(names.sort());
  }
  return repeats;
}

describe('the schema after every migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no two plain indexes of one table on the same columns', async () => {
    expect(await repeatedIndexes(t)).toEqual([]);
  });
});
