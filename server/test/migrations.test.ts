import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { serverEntry } from '../../scripts/lib/build.mjs';
import { connect, type DbHandle } from '../src/db/connect';
import { MigrationFailed, migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { testEngine } from './helper';
import { ownPgSchema } from './pg-schema';
import { openOldStore, type OldStore, snapshot } from './upgrade-fixtures';

// How migrations run on both engines: by name whatever order they were merged in, and a failure
// undoes the whole upgrade and stops the start. Each test works on the store of the release
// before this wave's migrations (fixtures/upgrades), so every table has rows to lose.

let store: OldStore | undefined;
let handle: DbHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  await store?.drop();
  store = undefined;
});

async function openStore(): Promise<DbHandle> {
  store = await openOldStore('before-this-wave');
  handle = await connect({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  return handle;
}

/** Today's migrations plus these, listed in the order given (not sorted). */
function withExtra(extra: Record<string, Migration>): MigrationProvider {
  return {
    async getMigrations() {
      return { ...extra, ...(await migrations.getMigrations()) };
    },
  };
}

describe('migration order', () => {
  it('runs pending migrations by name, including one named before migrations already applied', async () => {
    const { db } = await openStore();
    await migrateToLatest(db);
    const ran: string[] = [];
    const recording = (name: string): Migration => ({
      async up() {
        ran.push(name);
      },
    });
    // Listed out of order; one sorts among the old migrations, as a branch merged late would.
    await migrateToLatest(
      db,
      undefined,
      withExtra({
        '9999-02-b': recording('9999-02-b'),
        '2026-11-21-merged-late': recording('2026-11-21-merged-late'),
        '9999-01-a': recording('9999-01-a'),
      }),
    );
    expect(ran).toEqual(['2026-11-21-merged-late', '9999-01-a', '9999-02-b']);
    const applied = await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied.map((r) => (r as { name: string }).name)).toEqual(
      expect.arrayContaining(['2026-11-21-merged-late', '9999-01-a', '9999-02-b']),
    );
  });
});

describe('a store in its own PostgreSQL schema', () => {
  // As `DATABASE_URL=…?options=-c search_path=shop_b` runs it: the schema is the connection's,
  // and another store's migration tables in the same database are not its own.
  it.runIf(testEngine === 'postgres')('migrates its schema while another store has migrated its own', async () => {
    const first = ownPgSchema('first-store');
    const second = ownPgSchema('second-store');
    const a = await connect({ dataDir: first.dataDir, databaseUrl: first.url, pgSchema: first.schema });
    const b = await connect({ dataDir: second.dataDir, databaseUrl: second.url, pgSchema: second.schema });
    try {
      const all = Object.keys(await migrations.getMigrations()).length;
      expect(await migrateToLatest(a.db, first.schema)).toBe(all);
      expect(await migrateToLatest(b.db)).toBe(all);
      expect(await migrateToLatest(b.db)).toBe(0);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from storefronts`.execute(b.db);
      expect(rows[0]?.n).toBe(1);
    } finally {
      await a.close();
      await b.close();
      await first.drop();
      await second.drop();
    }
  });
});

describe('a migration that fails', () => {
  // Changes of every kind: a table, an index, a column, rows written, changed and deleted.
  const changes: Migration = {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('upgrade_probe')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .execute();
      await db.schema.createIndex('upgrade_probe_id').on('upgrade_probe').column('id').execute();
      await db.schema.alterTable('users').addColumn('upgrade_probe', 'integer').execute();
      await db.insertInto('upgrade_probe').values({ id: 1 }).execute();
      await db.updateTable('users').set({ balance: 0 }).execute();
      await db.deleteFrom('audit_log').execute();
    },
  };
  const failing: Migration = {
    async up(db: Kysely<any>) {
      await db.schema.dropTable('notification_reads').execute();
      await db.deleteFrom('order_events').execute();
      throw new Error('deliberate failure');
    },
  };

  it('leaves every table, column and row as they were, and names itself', async () => {
    const { db } = await openStore();
    await migrateToLatest(db);
    const before = await snapshot(db);

    const upgrade = migrateToLatest(db, undefined, withExtra({ '9999-01-changes': changes, '9999-02-fails': failing }));
    await expect(upgrade).rejects.toThrow(MigrationFailed);
    await expect(upgrade).rejects.toThrow(/migration 9999-02-fails failed \(deliberate failure\)/);
    expect(await snapshot(db)).toEqual(before);

    // The changes of the migration before it were undone too: applied again, they succeed.
    await migrateToLatest(db, undefined, withExtra({ '9999-01-changes': changes }));
    const after = await snapshot(db);
    expect(after.get('upgrade_probe')?.rows).toEqual([{ id: 1 }]);
    expect(after.get('audit_log')?.rows).toEqual([]);
  });

  it('does not commit a row that references nothing (SQLite runs upgrades with foreign keys off)', async () => {
    const { db } = await openStore();
    await migrateToLatest(db);
    const before = await snapshot(db);
    const orphan: Migration = {
      async up(db: Kysely<any>) {
        await db.insertInto('backup_codes').values({ user_id: 999_999, code_hash: 'orphan', used_at: null }).execute();
      },
    };
    const upgrade = migrateToLatest(db, undefined, withExtra({ '9999-01-orphan': orphan }));
    await expect(upgrade).rejects.toThrow(MigrationFailed);
    expect(await snapshot(db)).toEqual(before);
    // Foreign keys are enforced again once the upgrade is over.
    await expect(
      db.insertInto('backup_codes').values({ user_id: 999_999, code_hash: 'orphan', used_at: null }).execute(),
    ).rejects.toThrow();
  });

  it('stops the store from starting with a message that names it', async () => {
    const { db } = await openStore();
    // A table the store does not expect makes one of this wave's migrations fail for real.
    await sql`create table password_resets (token_hash varchar(64) primary key)`.execute(db);
    const before = await snapshot(db);
    await handle!.close();
    handle = undefined;

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: store!.dataDir,
      APP_KEY: randomBytes(32).toString('hex'),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RASEED_DEMO: '0',
      ...(store!.databaseUrl ? { DATABASE_URL: store!.databaseUrl } : {}),
    };
    const started = spawnSync(process.execPath, [serverEntry], { env, encoding: 'utf8', timeout: 20_000 });
    expect(started.status, started.stderr).toBe(1);
    expect(started.stderr).toMatch(/migration 2026-11-26-09-password-resets failed \(.*already exists/);
    expect(started.stderr).toContain('The whole upgrade was rolled back');

    handle = await connect({ dataDir: store!.dataDir, databaseUrl: store!.databaseUrl });
    expect(await snapshot(handle.db)).toEqual(before);
  });
});
