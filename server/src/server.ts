import { buildApp } from './app';
import { ConfigError, type Config, loadConfig } from './config';
import { openRuntime } from './bootstrap';
import { popplerPrograms } from './modules/media';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const runtime = await openRuntime(config);
const app = await buildApp({ config, db: runtime.db, engine: runtime.engine, storage: runtime.storage });

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

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // close() stops accepting connections and waits for in-flight requests; then the database.
  await app.close();
  await runtime.close();
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
