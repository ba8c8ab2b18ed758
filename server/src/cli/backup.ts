import { getPriority, setPriority } from 'node:os';
import { flagValue } from './backup-args';

/**
 * `npm run backup -- --to PATH`: a consistent backup of the store that the same environment
 * would serve (DATA_DIR or DATABASE_URL), taken while it serves. Exit 0 with the backup written,
 * 1 when refused (PATH not empty), 2 when there is nothing to back up or pg_dump is missing.
 */
// Run from the repo root by npm with the server workspace as cwd: paths mean what they mean where typed.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const to = flagValue(process.argv.slice(2), '--to');
if (!to) {
  process.stderr.write('usage: npm run backup -- --to PATH (a new or empty folder)\n');
  process.exit(2);
}
// The backup shares the cores with the store it copies: it yields to it (pg_dump, its child,
// inherits the priority). On two busy cores its copy and counts took CPU from orders. Before the
// store's code is loaded, so that loading it (most of a backup's own CPU) yields too.
try {
  setPriority(Math.min(19, getPriority() + 10));
} catch {
  // not allowed here: the backup runs at the store's priority
}
const { loadConfig, UNUSED_APP_KEY } = await import('../config');
const { BackupError } = await import('../backup/manifest');
const { takeBackup } = await import('../backup/take-backup');
// A backup names the app key but never uses it: no key file is created for it.
const config = loadConfig(process.env, { appKey: UNUSED_APP_KEY });
try {
  const m = await takeBackup(config, process.env, to);
  const rows = Object.values(m.tables).reduce((s, n) => s + n, 0);
  const uploads = m.uploads.storage === 'disk' ? `${m.uploads.files} uploaded files` : m.uploads.note;
  const ledger = m.ledger.clean ? 'ledger clean' : 'LEDGER DRIFT: run npm run ledger:verify';
  process.stdout.write(
    `backup of the ${m.engine} store written to ${to}: ${Object.keys(m.tables).length} tables, ${rows} rows, ` +
      `${m.ledger.ledgerRows} ledger rows (${ledger}), ${uploads}\n`,
  );
  process.stdout.write(
    m.appKey
      ? `codes and secrets in it open only with the app key ${m.appKey.id}: keep that key apart from the backup\n`
      : 'no app key was found here (APP_KEY, DATA_DIR/app.key): ' +
          'keep the key the store runs with apart from the backup\n',
  );
  if (!m.ledger.clean) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = err.exitCode;
}
