#!/usr/bin/env node
// `npm run operator -- …`, `npm run ledger:verify`, `npm run backup -- --to PATH`,
// `npm run restore -- --from PATH` and `npm run keys -- …`: build the server if its sources
// changed, then run the compiled CLI in this process.
import { backupCli, ensureBuilt, keysCli, ledgerVerifyCli, operatorCli, restoreCli } from './lib/build.mjs';

const [name, ...args] = process.argv.slice(2);
const entry = {
  operator: operatorCli,
  'ledger-verify': ledgerVerifyCli,
  backup: backupCli,
  restore: restoreCli,
  keys: keysCli,
}[name ?? ''];
if (!entry) {
  console.error('usage: node scripts/cli.mjs operator|ledger-verify|backup|restore|keys [args]');
  process.exit(1);
}
try {
  await ensureBuilt({ web: false, log: (line) => console.error(line) });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
process.argv = [process.argv[0], entry, ...args];
await import(entry);
