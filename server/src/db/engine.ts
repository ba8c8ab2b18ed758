import { PostgresAdapter } from 'kysely';
import type { DB } from './database';

/** Which engine a connection (or a transaction on it) speaks, for the few queries that differ. */
export function isPostgres(db: DB): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
