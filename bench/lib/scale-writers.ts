import pg from 'pg';
import { sqliteDriver } from '../../server/src/db/sqlite-driver';
import { COLUMNS, type ScaleTable, type Sink } from './scale-plan';

/**
 * Bulk loading for the ten-times store. The tables' secondary indexes and triggers (as the
 * migrations made them, read back from the catalog) are off during the load and made again from
 * the same definitions after it: building an index once is minutes faster than growing it row by
 * row. What the triggers keep (SQLite's text indexes, both engines' dashboard summaries) is then
 * rebuilt whole: here the text indexes, in seed-scale.ts the summaries. Foreign keys are not
 * checked during the load; the plan only writes rows that satisfy them.
 */
export type BulkWriter = { sink: Sink; finish(): Promise<void> };

const TABLES = Object.keys(COLUMNS) as ScaleTable[];
const COMMIT_EVERY = 500_000;

export function sqliteWriter(file: string): BulkWriter {
  const db = new sqliteDriver.SQLite(file);
  db.pragma('foreign_keys = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const inTables = TABLES.map(() => '?').join(', ');
  const indexes = db
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
        and tbl_name in (${inTables})`,
    )
    .all(...TABLES) as { name: string; sql: string }[];
  for (const i of indexes) db.exec(`drop index "${i.name}"`);
  const triggers = db
    .prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name in (${inTables})`)
    .all(...TABLES) as { name: string; sql: string }[];
  for (const t of triggers) db.exec(`drop trigger "${t.name}"`);
  const insert = Object.fromEntries(
    TABLES.map((t) => [
      t,
      db.prepare(`insert into ${t} (${COLUMNS[t].join(', ')}) values (${COLUMNS[t].map(() => '?').join(', ')})`),
    ]),
  ) as Record<ScaleTable, ReturnType<typeof db.prepare>>;
  let written = 0;
  db.exec('begin');
  const put = (t: ScaleTable) => (row: unknown[]) => {
    insert[t].run(row);
    if (++written % COMMIT_EVERY === 0) {
      db.exec('commit');
      db.exec('begin');
    }
  };
  return {
    sink: { users: put('users'), orders: put('orders'), charges: put('charges'), ledger: put('ledger') },
    async finish() {
      db.exec('commit');
      for (const i of indexes) db.exec(i.sql);
      for (const t of triggers) db.exec(t.sql);
      const texts = db
        .prepare("select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%content=%'")
        .all() as { name: string }[];
      for (const { name } of texts) db.exec(`insert into "${name}" ("${name}") values ('rebuild')`);
      db.exec('analyze');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

const PG_BATCH = 20_000;
const INT8 = new Set([
  'id',
  'user_id',
  'product_id',
  'price',
  'balance',
  'totp_enabled',
  'credit',
  'debit',
  'balance_after',
  'ref_id',
  'bank_id',
  'amount',
  'amount_local',
  'decided_by',
]);

/** Rows go in as one array per column (`insert … select * from unnest(…)`), 20,000 rows a statement. */
export async function postgresWriter(url: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // replica: no foreign-key triggers during the load (the plan's rows satisfy them).
  await client.query(
    "set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '512MB'",
  );
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes i
      where schemaname = current_schema() and tablename = any($1)
        and not exists (
          select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
        )`,
    [TABLES],
  );
  for (const i of indexes) await client.query(`drop index "${i.indexname}"`);
  const buffers = Object.fromEntries(TABLES.map((t) => [t, COLUMNS[t].map(() => [] as unknown[])])) as Record<
    ScaleTable,
    unknown[][]
  >;
  let inflight: Promise<unknown> = Promise.resolve();
  const flush = async (t: ScaleTable) => {
    const columns = buffers[t];
    if (!columns[0]!.length) return;
    buffers[t] = COLUMNS[t].map(() => []);
    const types = COLUMNS[t].map((c, i) => `$${i + 1}::${INT8.has(c) ? 'int8' : 'text'}[]`);
    // One statement in flight while the next batch is generated: the plan and the server overlap.
    await inflight;
    inflight = client.query(
      `insert into ${t} (${COLUMNS[t].join(', ')}) select * from unnest(${types.join(', ')})`,
      columns,
    );
  };
  const put = (t: ScaleTable) => async (row: unknown[]) => {
    const columns = buffers[t];
    for (let i = 0; i < row.length; i++) columns[i]!.push(row[i]);
    if (columns[0]!.length >= PG_BATCH) await flush(t);
  };
  return {
    sink: { users: put('users'), orders: put('orders'), charges: put('charges'), ledger: put('ledger') },
    async finish() {
      for (const t of TABLES) await flush(t);
      await inflight;
      for (const t of TABLES)
        await client.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
      for (const i of indexes) await client.query(i.indexdef);
      await client.query('set session_replication_role = default');
      // Statistics and the visibility map (index-only scans), as autovacuum keeps them in a live store.
      await client.query('vacuum analyze');
      await client.end();
    },
  };
}
