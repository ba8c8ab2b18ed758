import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkMacKey } from '../bootstrap';
import { type Config, ConfigError, loadConfig, UNUSED_APP_KEY } from '../config';
import { fail, openMigratedStore } from './cli-exit';
import { type ResealCount, resealTable, type SealedColumns } from '../kernel/resealing';
import { accountsSealedColumns } from '../modules/accounts';
import { fulfilmentSealedColumns, storeLegacyForwardKeys } from '../modules/fulfilment';
import { numbersSealedColumns } from '../modules/numbers';
import { ordersSealedColumns } from '../modules/orders';
import { webhooksSealedColumns } from '../modules/webhooks';

/**
 * `npm run keys -- rotate`: seals every secret and code again under the current APP_KEY while
 * the store serves (docs/operations.md#rotate-the-app-key); `npm run keys -- status` only counts
 * what is still sealed by another key. Exit 0 when everything is under the current key, 1 when
 * something is not (or no key of the ring opens it), 2 on bad usage or no store to reach.
 */
const USAGE = `usage: npm run keys -- rotate [--batch <rows>] [--pause-ms <ms>]
       npm run keys -- status
  rotate  reseals every secret and code under APP_KEY, in short transactions, while the store serves
  status  counts what is still sealed by another key (APP_KEY_PREVIOUS can go once it is 0)`;

let args: ReturnType<
  typeof parseArgs<{ options: { batch: { type: 'string' }; 'pause-ms': { type: 'string' } }; allowPositionals: true }>
>;
try {
  args = parseArgs({
    args: process.argv.slice(2),
    options: { batch: { type: 'string' }, 'pause-ms': { type: 'string' } },
    allowPositionals: true,
  });
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2);
}
const command = args.positionals[0];
if (args.positionals.length !== 1 || (command !== 'rotate' && command !== 'status')) fail(USAGE, 2);
const batch = Number(args.values.batch ?? 200);
const pauseMs = Number(args.values['pause-ms'] ?? 10);
if (!Number.isInteger(batch) || batch < 1 || batch > 10_000) fail('--batch must be a whole number from 1 to 10000', 2);
if (!Number.isInteger(pauseMs) || pauseMs < 0 || pauseMs > 60_000) fail('--pause-ms must be 0 to 60000', 2);

// Run from the repo root by npm with the server workspace as cwd: a relative DATA_DIR must
// mean the folder the server uses when started from the same place.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
function configured(): Config {
  try {
    const located = loadConfig(process.env, { appKey: UNUSED_APP_KEY });
    // A key made up here would seal everything under a key no instance has.
    if (!process.env.APP_KEY && !existsSync(path.join(located.dataDir, 'app.key')))
      fail('no app key: set APP_KEY (and APP_KEY_PREVIOUS, HMAC_KEY) as the store has them', 2);
    return loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
}
const config = configured();
const { sealer } = config;

/** Stock before orders: a sale copies its codes' ciphertexts onto the order (fulfilment/sealed-columns.ts). */
const tables: SealedColumns[] = [
  ...fulfilmentSealedColumns,
  ...ordersSealedColumns,
  ...accountsSealedColumns,
  ...numbersSealedColumns,
  ...webhooksSealedColumns,
];

function line(c: ResealCount): string {
  const what = `${c.table} (${c.columns.join(', ')})`;
  const done = command === 'rotate' ? `, ${c.resealed} resealed` : '';
  const raced = c.changedMeanwhile ? `, ${c.changedMeanwhile} rows changed meanwhile` : '';
  return `  ${what}: ${c.rows} rows, ${c.stale} under another key${done}, ${c.unreadable} unreadable${raced}`;
}

const handle = await openMigratedStore(config);
try {
  await checkMacKey(handle.db, sealer);
} catch (err) {
  await handle.close();
  fail((err as Error).message, 2);
}
try {
  const [current, ...previous] = sealer.keyIds;
  const older = previous.length ? `, previous ${previous.join(', ')}` : '';
  process.stdout.write(`key ring: current ${current}${older}; HMAC key ${sealer.macKeyId}\n`);
  const write = command === 'rotate';
  if (write) {
    const stored = await storeLegacyForwardKeys(handle.db, sealer, batch);
    if (stored)
      process.stdout.write(`stored the idempotency keys of ${stored} forwarded orders made before they were kept\n`);
  }
  // A pass reseals; the next one finds what changed under it (a sale copying a code read before
  // its reseal, an instance still sealing with the old key), until one finds nothing to reseal.
  let left = { stale: 0, unreadable: 0 };
  for (let pass = 1; pass <= (write ? 5 : 1); pass++) {
    if (write) process.stdout.write(`pass ${pass}\n`);
    left = { stale: 0, unreadable: 0 };
    for (const spec of tables) {
      const count = await resealTable(handle.db, sealer, spec, { batch, pauseMs, write });
      process.stdout.write(`${line(count)}\n`);
      left.stale += count.stale;
      left.unreadable += count.unreadable;
    }
    if (left.stale === 0) break;
  }
  const done = left.stale === 0 && left.unreadable === 0;
  process.stdout.write(
    done
      ? `OK: every secret and code is sealed under ${sealer.keyId}\n`
      : `NOT DONE: ${left.stale} values under another key, ${left.unreadable} that no key of the ring opens\n`,
  );
  process.exitCode = done ? 0 : 1;
} finally {
  await handle.close();
}
