import pg from 'pg';
import { ensureBuilt } from '../../scripts/lib/build.mjs';

/** The CLI tests run the compiled operator and ledger:verify: build the server once, if stale. */
export default async function setup(): Promise<() => Promise<void>> {
  await ensureBuilt({ web: false });
  return reclaimCatalog;
}

/**
 * Each test file on PostgreSQL makes a schema of its own (about sixty tables, their indexes,
 * triggers and constraints) and drops it, which leaves that many dead rows in the database's
 * catalog. A server without autovacuum (this machine's) never takes them back: after a day of
 * runs `pg_attribute` held 632,000 dead rows in 130 MB against 3,000 live ones, and every schema
 * made, migrated and dropped read through them (the suite took 655 s, then 701 s, in CI). Vacuumed
 * after each run, the next run's schemas reuse that space.
 */
async function reclaimCatalog(): Promise<void> {
  const url = process.env.TEST_ENGINE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'VACUUM pg_catalog.pg_attribute, pg_catalog.pg_depend, pg_catalog.pg_class, pg_catalog.pg_type, ' +
        'pg_catalog.pg_trigger, pg_catalog.pg_index, pg_catalog.pg_constraint, pg_catalog.pg_attrdef',
    );
  } finally {
    await client.end();
  }
}
