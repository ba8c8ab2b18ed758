import { sql } from 'kysely';
import type { DB } from '../../db/database';

/**
 * The migrations this database has applied, by name: one small read that also proves the
 * database answers. Kysely's table, in the store's schema (the connection's search_path).
 */
export async function appliedMigrations(db: DB): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return result.rows.map((r) => r.name);
}
