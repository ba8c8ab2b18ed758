import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, UNUSED_APP_KEY } from '../config';
import { fail, openMigratedStore } from './cli-exit';
import { ensureOperator, findUsersByEmail } from '../modules/users';
import { demoSignIns, resetDemoPassword } from '../modules/demo';
import { signInLines } from '../seed/demo-sign-ins';

/**
 * `npm run operator -- create --email E --password P [--name N] [--storefront ID]`: creates that
 * operator on the store the same environment serves (DATA_DIR or DATABASE_URL), or promotes an
 * existing user; with --storefront, a staff account bound to that storefront.
 * `npm run operator -- demo [--reset E]`: prints the demo store's sign-ins, or gives one demo
 * account (customer or operator) a new password first.
 * Exit 0 when done, 1 on bad input, 2 when the store cannot be reached.
 */
const USAGE = `usage: npm run operator -- create --email <email> --password <password> [--name <name>]
       [--storefront <id>]
  Creates an operator account, or makes an existing account an operator.
  With --storefront the account is that storefront's staff: it sees and changes only that
  storefront's customers, top-ups, orders (to read), settings and prices. Without it, the
  provider's operator, who sees every storefront.
  For an existing account --password is optional; when given it replaces the password
  and signs the account out everywhere.
usage: npm run operator -- demo [--reset <email>]
  Prints how to sign in to the demo store; --reset gives that demo account a new password.`;

const input = z.object({
  email: z.email('--email must be an email address').max(254, '--email is too long'),
  password: z.string().min(8, '--password must be at least 8 characters').max(200, '--password is too long').optional(),
  name: z.string().trim().min(1, '--name must not be empty').max(120, '--name is too long').optional(),
  storefront: z.coerce
    .number({ error: '--storefront must be a storefront id' })
    .int('--storefront must be a storefront id')
    .positive('--storefront must be a storefront id')
    .optional(),
});

let parsed: ReturnType<
  typeof parseArgs<{
    options: {
      email: { type: 'string' };
      password: { type: 'string' };
      name: { type: 'string' };
      reset: { type: 'string' };
      storefront: { type: 'string' };
    };
    allowPositionals: true;
  }>
>;
try {
  parsed = parseArgs({
    args: process.argv.slice(2),
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      reset: { type: 'string' },
      storefront: { type: 'string' },
    },
    allowPositionals: true,
  });
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 1);
}
const command = parsed.positionals.length === 1 ? parsed.positionals[0] : undefined;
if (command !== 'create' && command !== 'demo') fail(USAGE, 1);

// Run from the repo root by npm with the server workspace as cwd: a relative DATA_DIR must
// mean the folder the server uses when started from the same place.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
if (command === 'demo') await demo(parsed.values.reset);

if (!parsed.values.email) fail(`--email is required\n${USAGE}`, 1);
const checked = input.safeParse(parsed.values);
if (!checked.success) fail(checked.error.issues.map((i) => i.message).join('\n'), 1);
const { storefront, ...fields } = checked.data;
const account = { ...fields, email: fields.email.trim().toLowerCase(), storefrontId: storefront };

// Nothing here signs or encrypts, so no app key is created as a side effect.
const config = loadConfig(process.env, { appKey: UNUSED_APP_KEY });

const handle = await openMigratedStore(config);
try {
  const existing = (await findUsersByEmail(handle.db, account.email)).length > 0;
  if (!existing && !account.password) fail(`no account ${account.email} yet: --password is required to create it`, 1);
  const result = await ensureOperator(handle.db, account).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error), 1),
  );
  const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
  const staff = storefront === undefined ? '' : `, staff of storefront ${storefront}`;
  const bound = storefront === undefined ? "the provider's operator" : `staff of storefront ${storefront}`;
  const lines = {
    created: `created operator ${account.email} (id ${result.id})${staff} in ${where}`,
    promoted: `promoted ${account.email} (id ${result.id}) to operator${staff} in ${where}`,
    rebound: `${account.email} (id ${result.id}) is now ${bound} in ${where}`,
    unchanged: `${account.email} (id ${result.id}) is already an operator${staff} in ${where}`,
  };
  const replaced = result.passwordSet && result.outcome !== 'created' ? '; password replaced, sessions ended' : '';
  process.stdout.write(`${lines[result.outcome]}${replaced}\n`);
  if (result.outcome !== 'unchanged' || result.passwordSet)
    process.stdout.write('sign in at /login, then open /admin (enable two-factor authentication first)\n');
} finally {
  await handle.close();
}

/** The demo's sign-ins (their passwords are sealed with the store's app key), one reset first. */
async function demo(reset: string | undefined): Promise<never> {
  const config = loadConfig(process.env);
  const store = await openMigratedStore(config);
  try {
    if (reset && !(await resetDemoPassword(store.db, config.sealer, reset)))
      fail(`${reset} is not a demo account of this store`, 1);
    const signIns = await demoSignIns(store.db, config.sealer);
    if (!signIns.length) fail('this store was not seeded as a demo: it has no demo accounts', 1);
    process.stdout.write(`${signInLines(signIns, `http://localhost:${config.port}`).join('\n')}\n`);
  } finally {
    await store.close();
  }
  process.exit(0);
}
