import { sql } from 'kysely';
import type { DB } from './database';

/**
 * Runs `body` inside a REPEATABLE READ transaction whose snapshot is exported: `pg_dump
 * --snapshot=<id>` started while `body` runs sees exactly the rows `body` reads through `trx`,
 * so the dump and the figures counted beside it describe the same moment. Read-only; writers
 * are not blocked.
 */
export function withExportedSnapshot<T>(db: DB, body: (trx: DB, snapshot: string) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
      return body(trx, rows[0]!.id);
    });
}
