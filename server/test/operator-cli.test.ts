import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { operatorCli } from '../../scripts/lib/build.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableTwoFactor } from './auth-helpers';
import { setupApp, type TestApp } from './helper';
import { ADMIN, PUBLIC } from './operator-fixtures';

let t: TestApp;
let env: Record<string, string>;

/** Runs the compiled CLI the way `npm run operator --` does, against this test's store. */
function cli(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return cliIn({}, ...args);
}

/** The same, with `extra` over the environment (a key set to undefined is removed). */
function cliIn(
  extra: Record<string, string | undefined>,
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env, INIT_CWD: '', ...extra };
  for (const k of Object.keys(childEnv)) if (childEnv[k] === undefined) delete childEnv[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [operatorCli, ...args], {
      env: childEnv,
      cwd: path.resolve(import.meta.dirname, '..'),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    // A CLI that could not start, or was killed by a signal, has no exit code of its own: say
    // why, so a failure names its cause.
    child.on('error', (e) => {
      err += `[could not run: ${e.message}]`;
    });
    child.on('close', (code, signal) => resolve({ code, out, err: signal ? `${err}[killed by ${signal}]` : err }));
  });
}

beforeAll(async () => {
  t = await setupApp();
  if (t.engine === 'postgres') {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(t.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${rows[0]!.s}`);
    env = { DATABASE_URL: url.toString(), DATA_DIR: t.dataDir };
  } else {
    env = { DATA_DIR: t.dataDir, DATABASE_URL: '' };
  }
});
afterAll(async () => {
  await t.close();
});

async function signIn(email: string, password: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: `${PUBLIC}/login`, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token;
}

// Each case starts real CLI processes (four at the production argon2id cost in the last one);
// CI runs this file beside Chromium and a second Node, where 30 s did not always cover them.
describe('npm run operator -- create', { timeout: 120_000 }, () => {
  it('explains its usage and exits 1 without a command', async () => {
    const r = await cli();
    expect(r.code).toBe(1);
    expect(r.err).toContain('usage: npm run operator -- create --email');
  });

  it('refuses bad input with a clear message and exit 1', async () => {
    const bad = await cli('create', '--email', 'not-an-email', '--password', 'long-enough-1');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--email must be an email address');
    const short = await cli('create', '--email', 'op@example.com', '--password', 'short');
    expect(short.code).toBe(1);
    expect(short.err).toContain('--password must be at least 8 characters');
    const none = await cli('create', '--email', 'new@example.com');
    expect(none.code).toBe(1);
    expect(none.err).toContain('--password is required');
    expect(
      await t.db.selectFrom('users').select('id').where('email', 'in', ['op@example.com', 'new@example.com']).execute(),
    ).toHaveLength(0);
  });

  it('creates an operator who can sign in, is sent to /enable-2fa, and then uses the operator API', async () => {
    const r = await cli('create', '--email', 'Boss@Example.com', '--password', 'first-operator-9');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('created operator boss@example.com');
    const token = await signIn('boss@example.com', 'first-operator-9');
    const refused = await t.request({ method: 'GET', url: `${ADMIN}/stats`, token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain('/enable-2fa');
    const id = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'boss@example.com').executeTakeFirstOrThrow()
    ).id;
    await enableTwoFactor(t, { id, email: 'boss@example.com', password: 'first-operator-9', token });
    const stats = await t.request({ method: 'GET', url: `${ADMIN}/stats`, token });
    expect(stats.statusCode).toBe(200);
    const again = await cli('create', '--email', 'boss@example.com');
    expect(again.code).toBe(0);
    expect(again.out).toContain('already an operator');
  });

  it('promotes an existing customer, whose session then reaches the operator API', async () => {
    const customer = await t.createUser();
    expect((await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: customer.token })).statusCode).toBe(403);
    await enableTwoFactor(t, customer);
    const r = await cli('create', '--email', customer.email);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`promoted ${customer.email}`);
    // The server keeps a checked token in memory for up to 5 s; the CLI is another process.
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: customer.token })).statusCode, {
        timeout: 8_000,
        interval: 250,
      })
      .toBe(200);
  });

  it('with --storefront makes a staff account of that storefront, refused for one that does not exist', async () => {
    const missing = await cli(
      'create',
      '--email',
      'clerk@example.com',
      '--password',
      'clerk-pass-12',
      '--storefront',
      '99',
    );
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('there is no storefront 99');
    const bad = await cli('create', '--email', 'clerk@example.com', '--password', 'clerk-pass-12', '--storefront', 'x');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--storefront must be a storefront id');
    const r = await cli('create', '--email', 'clerk@example.com', '--password', 'clerk-pass-12', '--storefront', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('created operator clerk@example.com');
    expect(r.out).toContain('staff of storefront 1');
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'storefront_id'])
      .where('email', '=', 'clerk@example.com')
      .executeTakeFirstOrThrow();
    expect({ role: row.role, storefront: Number(row.storefront_id) }).toEqual({ role: 'operator', storefront: 1 });
    const provider = await cli('create', '--email', 'clerk@example.com');
    expect(provider.out).toContain("is now the provider's operator");
  });

  it('replaces the password of an existing account when one is given, ending its sessions', async () => {
    const user = await t.createUser();
    const r = await cli('create', '--email', user.email, '--password', 'brand-new-pass-7');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('password replaced, sessions ended');
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: user.token })).statusCode, {
        timeout: 8_000,
        interval: 250,
      })
      .toBe(401);
    await signIn(user.email, 'brand-new-pass-7');
  });

  it('hashes with the production argon2id cost outside the test runner, the cheap one only inside it', async () => {
    const hashOf = async (email: string) =>
      (await t.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
        .password_hash;
    // As a deployment runs it: no VITEST, NODE_ENV=production (or unset).
    for (const [email, nodeEnv] of [
      ['prod-cost@example.com', 'production'],
      ['unset-cost@example.com', undefined],
      ['test-env-alone@example.com', 'test'],
    ] as const) {
      const r = await cliIn(
        { VITEST: undefined, VITEST_WORKER_ID: undefined, NODE_ENV: nodeEnv },
        'create',
        '--email',
        email,
        '--password',
        'production-cost-9',
      );
      expect(r.code, r.err).toBe(0);
      expect(await hashOf(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    // VITEST set but NODE_ENV=production: still the production cost.
    const guarded = await cliIn(
      { NODE_ENV: 'production' },
      'create',
      '--email',
      'guarded@example.com',
      '--password',
      'production-cost-9',
    );
    expect(guarded.code, guarded.err).toBe(0);
    expect(await hashOf('guarded@example.com')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Inside the test runner: the cheap cost, and such a hash still signs in.
    const cheap = await cli('create', '--email', 'cheap-cost@example.com', '--password', 'test-cost-999');
    expect(cheap.code, cheap.err).toBe(0);
    expect(await hashOf('cheap-cost@example.com')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    await signIn('cheap-cost@example.com', 'test-cost-999');
  });
});
