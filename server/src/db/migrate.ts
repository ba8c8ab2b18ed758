import { type MigrationProvider, type MigrationResultSet, Migrator, PostgresAdapter, sql } from 'kysely';
import type { DB } from './database';
import { withMigrationTablesOnly } from './migration-tables';
import { migrations } from './migrations';

/** A migration failed and was rolled back: the store must not start on a half-upgraded database. */
export class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    readonly reason: unknown,
  ) {
    super(
      `The database was not upgraded: migration ${migration} failed (${describe(reason)}). ` +
        'The whole upgrade was rolled back: the database is as the previous release left it, ' +
        'and that release can still run on it. ' +
        'This release will not start until the migration succeeds: fix the cause and start again.',
    );
    this.name = 'MigrationFailed';
  }
}

function describe(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * Applies every pending migration in the order of their names, all in one transaction: if one
 * fails, the whole upgrade is undone and MigrationFailed names the migration. The database is
 * then as the previous release left it, so that release can still start on it (rolling the
 * deploy back works); a partly upgraded database would be refused by both releases.
 *
 * Names decide the order, not the order branches were merged in: a migration merged after later
 * ones were applied still runs (allowUnorderedMigrations; Kysely would otherwise refuse to start)
 * and pending ones always run sorted by name. PostgreSQL runs DDL inside transactions and Kysely
 * wraps the run in one (with an advisory lock, so two instances starting together take turns);
 * Kysely's SQLite adapter wraps nothing, so on SQLite the run is wrapped here.
 *
 * `schema`: the PostgreSQL schema the store lives in, when not the default (else the connection's
 * current schema). Only that schema's migration tables count (withMigrationTablesOnly).
 * `provider`: the migration set; tests pass one with a migration that fails on purpose.
 * Answers how many migrations it applied.
 */
export async function migrateToLatest(
  db: DB,
  schema?: string,
  provider: MigrationProvider = migrations,
): Promise<number> {
  const options = { provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) };
  const outcome =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? await new Migrator({ db: withMigrationTablesOnly(db, schema), ...options }).migrateToLatest()
      : await inSqliteTransaction(db, (conn) =>
          new Migrator({ db: withMigrationTablesOnly(conn, undefined), ...options }).migrateToLatest(),
        );
  const failed = outcome.results?.find((r) => r.status === 'Error');
  if (failed) throw new MigrationFailed(failed.migrationName, outcome.error);
  if (outcome.error) throw new MigrationFailed('(none yet: the migration tables)', outcome.error);
  return outcome.results?.length ?? 0;
}

/**
 * The run on SQLite's single connection, inside BEGIN IMMEDIATE … COMMIT, or ROLLBACK on failure.
 * Foreign keys are off for the run, as SQLite's procedure for changing a table asks: a table that
 * cannot be altered in place is rebuilt (made anew, filled, the old one dropped), and with them on,
 * dropping the old one would delete every row that references it. Every reference is checked
 * before the commit instead; one that points nowhere fails the upgrade.
 */
async function inSqliteTransaction(
  db: DB,
  run: (conn: DB) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  return db.connection().execute(async (conn) => {
    const enforced = (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(conn)).rows[0]?.foreign_keys;
    // Only outside a transaction does this pragma take effect.
    await sql`pragma foreign_keys = off`.execute(conn);
    try {
      await sql`begin immediate`.execute(conn);
      let outcome: MigrationResultSet;
      try {
        outcome = await run(conn);
        if (!outcome.error) {
          const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(conn);
          if (broken.rows.length)
            throw new MigrationFailed(
              '(the references between tables)',
              new Error(`rows that reference nothing in ${[...new Set(broken.rows.map((r) => r.table))].join(', ')}`),
            );
        }
      } catch (error) {
        await sql`rollback`.execute(conn);
        throw error;
      }
      await (outcome.error ? sql`rollback` : sql`commit`).execute(conn);
      return outcome;
    } finally {
      if (enforced) await sql`pragma foreign_keys = on`.execute(conn);
    }
  });
}
