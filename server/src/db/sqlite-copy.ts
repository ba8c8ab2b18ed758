import { sqliteDriver } from './sqlite-driver';

/** More pages than any store has: the copy is one step, so it is one read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a live SQLite store into `dest` with SQLite's online backup API, through a connection
 * of its own. The copy is taken in one step, which is one read transaction on the WAL: the store
 * keeps committing meanwhile (a WAL reader blocks no writer), and the copy is the database as
 * it was when the step began. In smaller steps, every write the store made between two of them
 * would restart the copy from the first page, and a store taking orders would never let it end.
 * The step blocks this connection's thread, so it runs in its own process (the backup CLI).
 */
export async function copySqliteFile(source: string, dest: string): Promise<void> {
  const db = new sqliteDriver.SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(dest, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}
