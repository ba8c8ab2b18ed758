// Worker-thread entry of SQLite's checkpoints (wal-checkpoints.ts). Plain JavaScript so it loads
// the same way under tsx, vitest and a compiled build. Its own connection to the store's file, on
// the better-sqlite3 the server chose for the running Node, runs a PASSIVE checkpoint each time
// it is asked: it copies what the WAL holds into the database file, waiting for nobody.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const SQLite = createRequire(import.meta.url)(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
// Never the one to write: a checkpoint is all it does.
db.pragma('query_only = ON');

parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // A checkpoint that another one kept busy, or that could not copy it all, is simply tried again.
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
