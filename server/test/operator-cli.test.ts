import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';
import { ADMIN, PUBLIC } from './operator-fixtures';

let t: TestApp;
let env: Record<string, string>;

/** Runs the CLI the way `npm run operator --` does, against this test's store. */
function cli(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/cli/operator.ts'), ...args], {
      env: { ...process.env, ...env, INIT_CWD: '' },
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
    child.on('close', (code) => resolve({ code, out, err }));
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

describe('npm run operator -- create', () => {
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
    expect(await t.db.selectFrom('users').select('id').where('email', 'in', ['op@example.com', 'new@example.com']).execute()).toHaveLength(0);
  });

  it('creates an operator who can sign in and use the operator API', async () => {
    const r = await cli('create', '--email', 'Boss@Example.com', '--password', 'first-operator-9');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('created operator boss@example.com');
    const token = await signIn('boss@example.com', 'first-operator-9');
    const stats = await t.request({ method: 'GET', url: `${ADMIN}/stats`, token });
    expect(stats.statusCode).toBe(200);
    const again = await cli('create', '--email', 'boss@example.com');
    expect(again.code).toBe(0);
    expect(again.out).toContain('already an operator');
  });

  it('promotes an existing customer, whose session then reaches the operator API', async () => {
    const customer = await t.createUser();
    expect((await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: customer.token })).statusCode).toBe(403);
    const r = await cli('create', '--email', customer.email);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain(`promoted ${customer.email}`);
    // The server keeps a checked token in memory for up to 5 s; the CLI is another process.
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: customer.token })).statusCode, { timeout: 8_000, interval: 250 })
      .toBe(200);
  });

  it('replaces the password of an existing account when one is given, ending its sessions', async () => {
    const user = await t.createUser();
    const r = await cli('create', '--email', user.email, '--password', 'brand-new-pass-7');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('password replaced, sessions ended');
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: user.token })).statusCode, { timeout: 8_000, interval: 250 })
      .toBe(401);
    await signIn(user.email, 'brand-new-pass-7');
  });
});
