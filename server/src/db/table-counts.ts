import { sql } from 'kysely';
import type { DB } from './database';
import { isPostgres } from './engine';

/**
 * The store's tables (its PostgreSQL schema, or the SQLite file's), by name. Read from the
 * catalog rather than listed by hand, so a table added by a later migration is counted too.
 */
export async function tableNames(db: DB): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
    : await sql<{ name: string }>`
        select name from sqlite_master
        where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Rows per table, for a backup's manifest and the check after a restore. */
export async function rowCounts(db: DB): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(db)) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

/** Tables in any schema but the system's: a database that holds none is an empty restore target. */
export async function pgUserTables(db: DB): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  return Number(rows[0]!.n);
}
