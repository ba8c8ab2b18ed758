import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './harness/server';

/**
 * What a person sees running `npm start` in a terminal on a built tree: the start script is run
 * under `script`, which gives it a pseudo-terminal as a shell would, with a fresh DATA_DIR.
 */
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-start-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

type Started = { lines: string[]; output: () => string[]; stop: () => Promise<void>; port: number };

const linesOf = (text: string) =>
  text
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim());

async function startInTerminal(): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'script',
    ['-qfec', `exec node ${path.join(repoRoot, 'scripts/start.mjs')}`, '/dev/null'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        RASEED_DEMO: '1',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${out}`);
    const answered = await fetch(`http://127.0.0.1:${port}/public/api/v1/setting`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`npm start did not answer: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    lines: linesOf(out),
    output: () => linesOf(out),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The customer's and the operator's passwords as printed. */
const passwords = (lines: string[]) =>
  Object.fromEntries(
    lines.flatMap((l) => {
      const m = /^\s*(customer|operator)\s+\S+@raseed\.demo\s+password: ([A-Za-z0-9]+)$/.exec(l);
      return m ? [[m[1]!, m[2]!]] : [];
    }),
  );

const signIn = (port: number, password: string) =>
  fetch(`http://127.0.0.1:${port}/public/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@raseed.demo', password }),
  });

describe('npm start in a terminal', () => {
  it('prints fewer than 30 lines before the store answers, the sign-ins among them, and none per request', async () => {
    spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { cwd: repoRoot, stdio: 'ignore' });
    const store = await startInTerminal();
    try {
      expect(store.lines[0]).toBe('build: up to date');
      expect(store.lines.length, store.lines.join('\n')).toBeLessThan(30);
      expect(store.lines.some((l) => l.startsWith('demo: stand-in numbers provider and supplier'))).toBe(true);
      const pw = passwords(store.lines);
      expect(pw.customer).toMatch(/^[A-HJ-KM-NP-Za-km-np-z2-9]{14}$/);
      expect(pw.operator).toMatch(/^[A-HJ-KM-NP-Za-km-np-z2-9]{14}$/);
      expect(store.lines.some((l) => /oathtool --totp -b [A-Z2-7]{32}/.test(l))).toBe(true);
      expect(store.lines.every((l) => !l.startsWith('{'))).toBe(true);
      // Browsing: a sign-in, pages and a miss print nothing in the terminal.
      expect((await signIn(store.port, pw.customer!)).status).toBe(200);
      await fetch(`http://127.0.0.1:${store.port}/public/api/v1/categories`);
      await fetch(`http://127.0.0.1:${store.port}/public/api/v1/no-such-thing`);
      await new Promise((r) => setTimeout(r, 300));
      expect(
        store
          .output()
          .slice(store.lines.length)
          .filter((l) => !l.startsWith('listening:')),
      ).toEqual([]);
    } finally {
      await store.stop();
    }
  });

  it('prints how to sign in again at the next start, and a password reset from the shell', async () => {
    const first = await startInTerminal();
    const before = passwords(first.output());
    await first.stop();
    const again = await startInTerminal();
    try {
      expect(again.output().some((l) => l.startsWith('Sign in at http://localhost:'))).toBe(true);
      expect(passwords(again.output())).toEqual(before);
    } finally {
      await again.stop();
    }
    const reset = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'scripts/cli.mjs'), 'operator', 'demo', '--reset', 'customer@raseed.demo'],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
    );
    expect(reset.status, reset.stderr).toBe(0);
    const changed = passwords(linesOf(reset.stdout));
    expect(changed.customer).not.toBe(before.customer);
    expect(changed.operator).toBe(before.operator);
    const third = await startInTerminal();
    try {
      expect(passwords(third.output())).toEqual(changed);
      expect((await signIn(third.port, changed.customer!)).status).toBe(200);
      expect((await signIn(third.port, before.customer!)).status).not.toBe(200);
    } finally {
      await third.stop();
    }
  });
});
