import {
  type DatabaseIntrospector,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresAdapter,
  sql,
  type TableMetadata,
} from 'kysely';
import type { DB } from './database';

/**
 * The database as Kysely's Migrator sees it, with an introspector that looks only for the
 * migrator's own two tables in the store's schema.
 *
 * Kysely's own introspector answers "does kysely_migration exist?" by listing every column of
 * every table in every schema, twice per start. On PostgreSQL that reads the whole catalog
 * (100–300 ms on a database whose catalog grew with schemas made and dropped), and it fails with
 * "schema … does not exist" when another store sharing the database drops its schema during the
 * scan. It also counts another schema's migration table as ours when no schema is given.
 */
export function withMigrationTablesOnly(db: DB, schema: string | undefined): DB {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      if (!schema) return [];
      const { rows } = await sql<{
        name: string;
      }>`select nspname as name from pg_namespace where nspname = ${schema}`.execute(db);
      return rows;
    },
    getTables: () => migrationTables(db, schema),
    async getMetadata() {
      return { tables: await migrationTables(db, schema) };
    },
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      const value = Reflect.get(target, prop, target);
      // Kysely's methods use private fields, which exist on the target, not on the proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function migrationTables(db: DB, schema: string | undefined): Promise<TableMetadata[]> {
  const names = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ name: string; schema: string }>`
      select c.relname as name, n.nspname as schema from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = coalesce(${schema ?? null}::text, current_schema()) and c.relkind in ('r', 'p')
        and c.relname in (${sql.join(names)})`.execute(db);
    return rows.map((r) => ({ ...r, isView: false, columns: [] }));
  }
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name in (${sql.join(names)})`.execute(db);
  return rows.map((r) => ({ ...r, isView: false, columns: [] }));
}
