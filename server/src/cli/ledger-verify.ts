import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, UNUSED_APP_KEY } from '../config';
import { configuredConnection, connect } from '../db/connect';
import { verifyLedger } from '../modules/wallet';
import { formatLedgerReport } from '../modules/wallet';

/**
 * `npm run ledger:verify`: checks the store that the same environment would serve (DATA_DIR or
 * DATABASE_URL). Exit 0 when every balance is explained by its ledger, 1 on any drift, 2 when
 * there is no store to check.
 */
// `npm run ledger:verify` from the repo root runs this with the server workspace as cwd; a
// relative DATA_DIR must mean the same folder it means to `npm start`, typed in the same place.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
// The check never signs or decrypts anything, so it must not create an app key as a side effect.
const config = loadConfig(process.env, { appKey: UNUSED_APP_KEY });
const sqliteFile = path.join(config.dataDir, 'raseed.sqlite');
if (!config.databaseUrl && !existsSync(sqliteFile)) {
  process.stderr.write(`no store at ${sqliteFile} (set DATA_DIR or DATABASE_URL)\n`);
  process.exit(2);
}
const handle = await connect(configuredConnection(config));
try {
  const report = await verifyLedger(handle.db);
  process.stdout.write(`${formatLedgerReport(report)}\n`);
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await handle.close();
}
