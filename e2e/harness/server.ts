import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type RunningStore = {
  baseUrl: string;
  dataDir: string;
  /** PostgreSQL the store runs on, when not its SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** Demo credentials printed by the server when it seeded the store. */
  demo: { customer: { email: string; password: string }; operator: { email: string; password: string } } | null;
  output(): string;
  /** SIGTERM, wait for exit; resolves to the exit code (0 when it shut down cleanly). */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or a power cut would: no shutdown hooks run. Keeps DATA_DIR. */
  kill(): Promise<void>;
};

/** A loopback port nothing listens on (until someone does): free for a server, or a dead address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function parseDemo(out: string): RunningStore['demo'] {
  const c = /customer: (\S+)\s+password: (\S+)/.exec(out);
  const o = /operator: (\S+)\s+password: (\S+)/.exec(out);
  return c && o ? { customer: { email: c[1]!, password: c[2]! }, operator: { email: o[1]!, password: o[2]! } } : null;
}

/**
 * Starts the real server (the same entry `npm start` runs) serving the built web app, on a free
 * port with a temporary DATA_DIR, and waits until it answers.
 */
export async function startStore(env: Record<string, string> = {}): Promise<RunningStore> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'raseed-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RASEED_DEMO: '1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      const res = await fetch(`${baseUrl}/public/api/v1/setting`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demo: parseDemo(out),
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
