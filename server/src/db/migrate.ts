import { Migrator } from 'kysely';
import type { DB } from './database';
import { migrations } from './migrations';

/**
 * `schema`: the PostgreSQL schema the store lives in, when not the default. Kysely otherwise
 * looks for its migration tables across every schema and can mistake another store's for ours.
 * Answers how many migrations it applied.
 */
export async function migrateToLatest(db: DB, schema?: string): Promise<number> {
  const migrator = new Migrator({ db, provider: migrations, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
  }
  return results?.length ?? 0;
}
