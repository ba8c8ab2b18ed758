import { loadConfig, UNUSED_APP_KEY } from '../config';
import { BackupError } from '../backup/manifest';
import { restoreBackup } from '../backup/restore-backup';
import { flagValue } from './backup-args';

/**
 * `npm run restore -- --from PATH`: restores a backup into the store the environment names (a
 * new DATA_DIR, or DATABASE_URL of a new database), then checks it against the manifest. Exit 0
 * when every count and sum matches and the ledger is clean, 1 when refused or when it does not
 * match, 2 on bad usage or a missing pg_restore.
 */
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const from = flagValue(process.argv.slice(2), '--from');
if (!from) {
  process.stderr.write('usage: npm run restore -- --from PATH (with DATA_DIR or DATABASE_URL of an empty store)\n');
  process.exit(2);
}
const config = loadConfig(process.env, { appKey: UNUSED_APP_KEY });
try {
  const r = await restoreBackup(config, process.env, from);
  for (const w of r.warnings) process.stderr.write(`note: ${w}\n`);
  const where = config.databaseUrl ? 'the database in DATABASE_URL' : config.dataDir;
  if (r.mismatches.length) {
    process.stderr.write(`restored into ${where}, but it does not match the backup:\n  ${r.mismatches.join('\n  ')}\n`);
    process.exitCode = 1;
  } else {
    const tables = Object.keys(r.manifest.tables).length;
    process.stdout.write(
      `restored the backup of ${r.manifest.createdAt} into ${where}: ` +
        `${tables} tables match the manifest, ledger clean\n`,
    );
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = err.exitCode;
}
