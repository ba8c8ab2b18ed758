import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { startBackupSchedule } from './backup/schedule';
import { ConfigError, type Config, loadConfig } from './config';
import { listenCopies } from './kernel/http/listeners';
import { releaseStartMemory } from './kernel/start-memory';
import { openRuntime } from './bootstrap';
import { MigrationFailed } from './db/migrate';
import { popplerPrograms } from './modules/media';
import { demoSignIns, isDemoStore } from './modules/demo';
import { startDemoUpstreams } from './seed/demo-upstreams';
import { signInLines } from './seed/demo-sign-ins';

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
const demoStore = await isDemoStore(runtime.db);
// A person running the demo in a terminal reads one plain line per start step, and requests
// are logged below the default level; anywhere else (a store of one's own, a service, a
// container, a pipe) the JSON log stream is unchanged.
const terminal = demoStore && Boolean(process.stdout.isTTY);
const app = await buildApp({
  config,
  db: runtime.db,
  engine: runtime.engine,
  storage: runtime.storage,
  pool: runtime.pool,
  requestLogLevel: terminal ? 'debug' : 'info',
});
const say = (line: string) => (terminal ? process.stdout.write(`${line}\n`) : app.log.info(line));

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${config.dataDir}`;
say(`database: ${where}, ${runtime.migrations ? `${runtime.migrations} migrations applied` : 'up to date'}`);
// Only on a database the demo seed made: a store someone set up never starts the stand-ins.
const upstreams = demoStore ? await startDemoUpstreams(config.outbound) : null;
if (runtime.demo) say('demo: a new demo store was seeded');
if (upstreams) say('demo: stand-in numbers provider and supplier running inside this process (loopback)');

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
/** The listening socket's other descriptors (LISTENERS). */
let beside: { close(): void } | null = null;
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
  beside?.close();
  await app.close();
  await backups?.stop();
  await upstreams?.close();
  await runtime.close();
  clearTimeout(bound);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

if (demoStore) {
  // At every start, not only the first: the passwords are random per store and a restart must
  // still say how to get in. Before listening, so they are on screen when the store answers; to
  // stderr outside a terminal, where stdout carries the JSON logs.
  const lines = signInLines(await demoSignIns(runtime.db, config.sealer), `http://localhost:${config.port}`);
  (terminal ? process.stdout : process.stderr).write(`${lines.join('\n')}\n`);
}
await releaseStartMemory();
// Fastify logs each address it listens on; the terminal gets the one `listening:` line instead.
if (terminal) app.log.level = 'warn';
try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
  // The one line an operator needs, not a stack trace: what is wrong and which setting fixes it.
  const why =
    code === 'EADDRINUSE' ? 'another program (perhaps another store) listens on it' : 'not allowed for this user';
  process.stderr.write(`cannot listen on ${config.host}:${config.port} (${code}): ${why}; set PORT to a free port\n`);
  await upstreams?.close();
  await runtime.close();
  process.exit(1);
}
app.log.level = config.logLevel;
// Read now: a SIGTERM while the copies below are on their way closes the server.
const origin = `http://localhost:${(app.server.address() as { port: number }).port}`;
if (config.listeners > 1) {
  try {
    const copies = await listenCopies(app.server, config.listeners - 1);
    if (closing) copies.close();
    else beside = copies;
  } catch (error) {
    // One descriptor still serves every customer, only more slowly when many connect at once.
    app.log.warn({ err: error }, `LISTENERS=${config.listeners}: listening with one descriptor instead`);
  }
}
if (!popplerPrograms()) {
  // Once, at start: without poppler-utils a PDF receipt is refused with a message asking for a photo.
  const note = 'poppler-utils (pdfinfo, pdftoppm) not found: PDF receipts are refused until it is installed';
  if (terminal) say(`note: ${note}`);
  else app.log.warn(note);
}
say(terminal ? `listening: ${origin}  (Ctrl+C stops)` : `Raseed store at ${origin}`);
