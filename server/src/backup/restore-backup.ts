import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { type Config, existingAppKey } from '../config';
import { connect } from '../db/connect';
import { pgUserTables } from '../db/table-counts';
import { appKeyId, BackupError, type Manifest, readManifest, storeFigures } from './manifest';
import { onPath, runTool } from './pg-tools';
import { UPLOADS_DIR, VAPID_FILE } from './take-backup';

export type RestoreReport = {
  manifest: Manifest;
  /** Each way the restored store differs from the manifest; empty when it matches. */
  mismatches: string[];
  /** Said to the operator: the app key to start the store with. */
  warnings: string[];
};

/**
 * Restores the backup in `from` into the store this configuration names, which must be empty (a
 * new DATA_DIR, a new database), then checks the result against the backup's manifest: every
 * table's row count, the ledger's sums, and ledger:verify.
 */
export async function restoreBackup(config: Config, env: NodeJS.ProcessEnv, from: string): Promise<RestoreReport> {
  const folder = path.resolve(from);
  const manifest = readManifest(folder);
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw new BackupError(
      `this backup is of a ${manifest.engine} store and the target is ${engine}: ` +
        (manifest.engine === 'postgres' ? 'set DATABASE_URL to a new, empty database' : 'unset DATABASE_URL'),
      1,
    );
  }
  const warnings = checkKey(manifest, env, config.dataDir);
  await refuseNonEmpty(config, engine);

  const database = path.join(folder, manifest.database);
  if (engine === 'postgres') await restorePostgres(config, database);
  else restoreSqlite(config.dataDir, database);
  if (manifest.uploads.storage === 'disk' && existsSync(path.join(folder, UPLOADS_DIR))) {
    await cp(path.join(folder, UPLOADS_DIR), path.join(config.dataDir, UPLOADS_DIR), {
      recursive: true,
      preserveTimestamps: true,
    });
  }
  if (manifest.uploads.storage === 's3') warnings.push(manifest.uploads.note);
  if (existsSync(path.join(folder, VAPID_FILE))) {
    copyFileSync(path.join(folder, VAPID_FILE), path.join(config.dataDir, VAPID_FILE));
    chmodSync(path.join(config.dataDir, VAPID_FILE), 0o600);
  }
  return { manifest, mismatches: await compare(config, manifest), warnings };
}

/** A key that is not the backup's would make every sealed code and secret unreadable: refuse it. */
function checkKey(manifest: Manifest, env: NodeJS.ProcessEnv, dataDir: string): string[] {
  if (!manifest.appKey) {
    return ['The backup names no app key (none was found where it was taken): start the store with the key it used.'];
  }
  const key = existingAppKey(env, dataDir);
  if (!key) {
    return [
      `Start the store with the app key this backup was sealed under (key id ${manifest.appKey.id}), in APP_KEY ` +
        `or ${path.join(dataDir, 'app.key')}: without it codes and secrets cannot be decrypted, and a store ` +
        'started without any key makes a new one.',
    ];
  }
  if (appKeyId(key) !== manifest.appKey.id) {
    throw new BackupError(
      `the app key here (id ${appKeyId(key)}) is not the one this backup was sealed under ` +
        `(id ${manifest.appKey.id}): ` +
        'its codes and secrets would not decrypt. Set APP_KEY to the backup key.',
      1,
    );
  }
  return [];
}

/**
 * A restore never writes over a store: only into a new DATA_DIR (an app key in it is fine), or a
 * database with no tables.
 */
async function refuseNonEmpty(config: Config, engine: 'sqlite' | 'postgres'): Promise<void> {
  if (engine === 'sqlite') {
    const present = existsSync(config.dataDir) ? readdirSync(config.dataDir).filter((n) => n !== 'app.key') : [];
    if (present.length > 0) {
      throw new BackupError(
        `${config.dataDir} is not empty (${present.slice(0, 3).join(', ')}): restore into a new DATA_DIR; ` +
          'move the old one away first if it is to be replaced',
        1,
      );
    }
    return;
  }
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, preparedStatements: false });
  try {
    const tables = await pgUserTables(handle.db);
    if (tables > 0) {
      throw new BackupError(
        `the database in DATABASE_URL is not empty (${tables} tables): restore into a new database ` +
          '(createdb raseed_restored) and point DATABASE_URL at it',
        1,
      );
    }
  } finally {
    await handle.close();
  }
  const uploads = path.join(config.dataDir, UPLOADS_DIR);
  if (existsSync(uploads) && readdirSync(uploads).length > 0) {
    throw new BackupError(`${uploads} is not empty: restore into a new DATA_DIR`, 1);
  }
}

function restoreSqlite(dataDir: string, database: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dest = path.join(dataDir, 'raseed.sqlite');
  // Written under another name and renamed: a store started too early never opens half a file.
  const partial = `${dest}.restoring`;
  copyFileSync(database, partial);
  chmodSync(partial, 0o600);
  renameSync(partial, dest);
}

async function restorePostgres(config: Config, dump: string): Promise<void> {
  const pgRestore = onPath('pg_restore');
  if (!pgRestore) {
    throw new BackupError(
      'pg_restore is not on PATH. Install the PostgreSQL client, or restore the dump yourself:\n' +
        `  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" ${dump}`,
      2,
    );
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // One transaction: a restore that fails leaves the database as empty as it was.
  await runTool(pgRestore, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${config.databaseUrl}`,
    dump,
  ]);
}

async function compare(config: Config, manifest: Manifest): Promise<string[]> {
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, preparedStatements: false });
  try {
    const found = await storeFigures(handle.db);
    const problems: string[] = [];
    for (const [table, rows] of Object.entries(manifest.tables)) {
      const n = found.tables[table];
      if (n !== rows) problems.push(`table ${table}: ${n ?? 'missing'} rows, the backup had ${rows}`);
    }
    for (const key of ['balances', 'credits', 'debits', 'debts', 'ledgerRows'] as const) {
      if (found.ledger[key] !== manifest.ledger[key]) {
        problems.push(`ledger ${key}: ${found.ledger[key]}, the backup had ${manifest.ledger[key]}`);
      }
    }
    if (!found.ledger.clean) problems.push('ledger:verify finds drift in the restored store (npm run ledger:verify)');
    return problems;
  } finally {
    await handle.close();
  }
}
