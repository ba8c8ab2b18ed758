import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { startBackupSchedule } from './backup/schedule';
import { ConfigError, type Config, loadConfig } from './config';
import { openRuntime } from './bootstrap';
import { MigrationFailed } from './db/migrate';
import { popplerPrograms } from './modules/media';

// After each full collection V8 lets the old generation grow to a multiple of what stayed alive,
// up to 4x when allocation is fast, as under a burst of orders: the resident peak then depended
// on when the next collection fell (149-250 MB over nine 20 s runs of 200 connections ordering,
// on a live heap of about 40 MB, and more in longer runs). At 1.5x it stays at 161-173 MB, for a
// major collection every second or two of full load, ~1% of the main thread, and no fewer orders
// per second (docs/benchmarks.md#memory). V8 reads this flag at each collection, so it counts here.
setFlagsFromString('--heap-growing-percent=50');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// A failed upgrade, or a database whose HMACs another key made (bootstrap.ts checkMacKey), stops
// the start with its message.
const runtime = await openRuntime(config).catch((error: unknown) => {
  if (!(error instanceof MigrationFailed) && !(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
const app = await buildApp({
  config,
  db: runtime.db,
  engine: runtime.engine,
  storage: runtime.storage,
  pool: runtime.pool,
});

if (runtime.demo) {
  // Printed once, when the demo store is created; the passwords are random per store. To the
  // terminal's stderr, not stdout, which carries the JSON log stream.
  const { customer, operator } = runtime.demo;
  process.stderr.write(
    `\nDemo store created.\n  customer: ${customer.email}  password: ${customer.password}\n ` +
      ` operator: ${operator.email}  password: ${operator.password}\n` +
      `  operator two-factor setup key: ${operator.setupKey}\n  (add it to an ` +
      `authenticator app, or open ${operator.otpauth})\n\n`,
  );
}

// BACKUP_EVERY: the backup command beside this file (server/dist/backup.js), in a child process.
const backups = config.backup
  ? startBackupSchedule({
      ...config.backup,
      backupEntry: path.join(import.meta.dirname, 'backup.js'),
      env: process.env,
      log: { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
    })
  : null;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  const graceMs = config.shutdownGraceMs;
  app.log.info({ signal, graceMs }, 'shutting down');
  // A request or a worker's job still running when the grace ends is cut off: the client sees its
  // connection close, the job's lease runs out and another instance (or the next start) takes it up.
  const bound = setTimeout(() => {
    app.log.warn({ graceMs }, 'shutdown: grace period over, exiting with work still in flight');
    app.server.closeAllConnections();
    process.exit(1);
  }, graceMs);
  // close() stops accepting connections, waits for in-flight requests, then stops the workers
  // (each finishes the job it holds); then the database.
  await app.close();
  await backups?.stop();
  await runtime.close();
  clearTimeout(bound);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (!popplerPrograms()) {
  // Once, at start: without poppler-utils a PDF receipt is refused with a message asking for a photo.
  app.log.warn('poppler-utils (pdfinfo, pdftoppm) not found: PDF receipts are refused until it is installed');
}
app.log.info(`Raseed store at http://localhost:${(app.server.address() as { port: number }).port}`);
