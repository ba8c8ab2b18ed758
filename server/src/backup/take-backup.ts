import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { type Config, existingAppKey } from '../config';
import { connect } from '../db/connect';
import { withExportedSnapshot } from '../db/pg-snapshot';
import { copySqliteFile } from '../db/sqlite-copy';
import {
  appKeyId,
  appVersion,
  BackupError,
  DATABASE_FILE,
  MANIFEST_FILE,
  type Manifest,
  type StoreFigures,
  storeFigures,
} from './manifest';
import { onPath, runTool } from './pg-tools';

/** What the store keeps in DATA_DIR besides its database: uploads (unless S3 holds them) and its push keys. */
export const UPLOADS_DIR = 'uploads';
export const VAPID_FILE = 'vapid.json';

/** Where a backup is written before it is complete; renamed to `target` at the end. */
export const partialOf = (target: string, pid: number) => `${target}.partial-${pid}`;

/**
 * Takes a backup of the store this configuration serves into `to`, a new or empty folder, while
 * the store keeps serving. The folder appears under its name only once complete: it is written
 * beside it and renamed at the end, so a backup cut short never looks like one.
 */
export async function takeBackup(config: Config, env: NodeJS.ProcessEnv, to: string): Promise<Manifest> {
  const target = path.resolve(to);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(`${target} is not empty: a backup goes into a new or empty folder`, 1);
  }
  const engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const pgDump = engine === 'postgres' ? onPath('pg_dump', env) : null;
  if (engine === 'postgres' && !pgDump) {
    throw new BackupError(
      'pg_dump is not on PATH. Install the PostgreSQL client (the server major version or newer), or ' +
        'take the dump yourself:\n' +
        `  pg_dump --format=custom --file=${path.join(target, DATABASE_FILE.postgres)} "$DATABASE_URL"\n` +
        `and copy ${path.join(config.dataDir, UPLOADS_DIR)} beside it (docs/operations.md#back-up-and-restore).`,
      2,
    );
  }
  const partial = partialOf(target, process.pid);
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const database = path.join(partial, DATABASE_FILE[engine]);
    const figures = pgDump ? await dumpPostgres(config, pgDump, database) : await copySqlite(config, database);
    // The copy holds every customer's password hash and sealed codes: only this user reads it.
    chmodSync(database, 0o600);
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      app: appVersion(),
      engine,
      database: DATABASE_FILE[engine],
      ...figures,
      // After the database: a file the copied rows name was written before their commit; one
      // uploaded since is copied too and simply unused.
      uploads: await copyUploads(config, partial),
      appKey: keyName(env, config.dataDir),
    };
    const vapid = path.join(config.dataDir, VAPID_FILE);
    if (existsSync(vapid)) copyFileSync(vapid, path.join(partial, VAPID_FILE));
    writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    if (existsSync(target)) rmSync(target, { recursive: true });
    renameSync(partial, target);
    return manifest;
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

async function copySqlite(config: Config, dest: string): Promise<StoreFigures> {
  const source = path.join(config.dataDir, DATABASE_FILE.sqlite);
  if (!existsSync(source)) throw new BackupError(`no store at ${source} (set DATA_DIR or DATABASE_URL)`, 2);
  await copySqliteFile(source, dest);
  // The figures are read from the copy: they describe exactly what the backup holds.
  const copy = await connect({ dataDir: path.dirname(dest) });
  try {
    return await storeFigures(copy.db);
  } finally {
    await copy.close();
  }
}

/**
 * pg_dump on the snapshot the figures are counted in, so both describe one moment. The dump first,
 * then the figures: one busy PostgreSQL process for the backup at a time, the other core is the
 * orders'.
 */
async function dumpPostgres(config: Config, pgDump: string, dest: string): Promise<StoreFigures> {
  const handle = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, preparedStatements: false });
  try {
    return await withExportedSnapshot(handle.db, async (trx, snapshot) => {
      await runTool(pgDump, [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--file=${dest}`,
        `--dbname=${config.databaseUrl}`,
      ]);
      return storeFigures(trx);
    });
  } finally {
    await handle.close();
  }
}

async function copyUploads(config: Config, partial: string): Promise<Manifest['uploads']> {
  if (config.s3) {
    return {
      storage: 's3',
      bucket: config.s3.bucket,
      note: 'Uploads are in this S3 bucket, not in the backup: keep them with the bucket versioning or replication.',
    };
  }
  const source = path.join(config.dataDir, UPLOADS_DIR);
  if (!existsSync(source)) return { storage: 'disk', files: 0, bytes: 0 };
  const dest = path.join(partial, UPLOADS_DIR);
  await cp(source, dest, { recursive: true, preserveTimestamps: true });
  return { storage: 'disk', ...sizeOf(dest) };
}

function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

function keyName(env: NodeJS.ProcessEnv, dataDir: string): Manifest['appKey'] {
  const key = existingAppKey(env, dataDir);
  return key ? { id: appKeyId(key) } : null;
}
