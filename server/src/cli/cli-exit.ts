import type { Config } from '../config';
import { configuredConnection, connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';

/** Ends a command with a message on stderr and its exit code (1 bad input, 2 no store to reach). */
export function fail(message: string, code: number): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** The store the same environment serves, migrated as a start would; exit 2 when it cannot be reached. */
export async function openMigratedStore(config: Config): Promise<Awaited<ReturnType<typeof connect>>> {
  try {
    const handle = await connect(configuredConnection(config));
    await migrateToLatest(handle.db);
    return handle;
  } catch (err) {
    fail(
      `cannot open the store (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${(err as Error).message}`,
      2,
    );
  }
}
