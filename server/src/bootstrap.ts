import path from 'node:path';
import { type Config, ConfigError } from './config';
import { recordedMacKeyId } from './db/mac-key-statements';
import type { DB } from './db/database';
import type { Sealer } from './kernel/sealing';
import { diskStorage, type Storage } from './kernel/storage';
import { configuredConnection, connect, type DbHandle } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { getSettingsRow } from './modules/settings';
import { PROVIDER_STOREFRONT } from './kernel/http/storefront';
import { anyUserExists } from './modules/users';
import { type DemoCredentials, seedDemo } from './seed/demo';

export type Runtime = DbHandle & { storage: Storage };

/**
 * Refuses a start whose HMAC key is not the one the stored MACs were made with: every API key and
 * backup code would be unknown, every code's duplicate missed. It happens when HMAC_KEY is dropped
 * after a rotation, or a backup is restored under other keys (docs/security.md#the-app-key).
 */
export async function checkMacKey(db: DB, sealer: Sealer): Promise<void> {
  const recorded = await recordedMacKeyId(db, sealer.macKeyId, new Date().toISOString());
  if (recorded === sealer.macKeyId) return;
  throw new ConfigError(
    `Invalid configuration: this store's HMACs (API keys, backup codes, signed links) were made with the key ` +
      `whose id is ${recorded}, and HMAC_KEY (APP_KEY when it is not set) has the id ${sealer.macKeyId}. ` +
      'Set HMAC_KEY to the app key the store had before its first rotation.',
  );
}

/** What opening the store did, for the lines a start prints. */
export type Opened = { migrations: number; demo: DemoCredentials | null };

/** Opens the database, applies migrations and, on an empty store, seeds the demo. */
export async function openRuntime(
  config: Config,
  opts: { pgSchema?: string; seed?: boolean } = {},
): Promise<Runtime & Opened> {
  const handle = await connect({
    ...configuredConnection(config),
    ...(opts.pgSchema ? { pgSchema: opts.pgSchema } : {}),
    tempInMemory: true,
    checkpointBesideLoop: true,
  });
  const migrations = await migrateToLatest(handle.db, opts.pgSchema);
  try {
    await checkMacKey(handle.db, config.sealer);
  } catch (err) {
    await handle.close();
    throw err;
  }
  // The S3 SDK is loaded only when a bucket is configured: it is most of the server's startup otherwise.
  const bucket = config.s3 ? (await import('./kernel/s3-storage')).s3Storage(config.s3) : null;
  const storage: Storage = bucket ?? diskStorage(path.join(config.dataDir, 'uploads'));
  let demo: DemoCredentials | null = null;
  if (opts.seed ?? config.demo) {
    // Settings has one row (id 1) once anything was saved.
    const empty = !(await anyUserExists(handle.db)) && !(await getSettingsRow(handle.db, PROVIDER_STOREFRONT));
    if (empty) demo = await seedDemo(handle.db, storage, config.sealer);
  }
  const close = async () => {
    await handle.close();
    bucket?.destroy();
  };
  return { ...handle, close, storage, demo, migrations };
}
