import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEntry } from '../../scripts/lib/build.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type RunningStore = {
  baseUrl: string;
  dataDir: string;
  /** PostgreSQL the store runs on, when not its SQLite file in dataDir. */
  databaseUrl: string | undefined;
  /** Demo sign-ins the server prints at each start of a demo store (server/src/seed/demo-sign-ins.ts). */
  demo: { customer: { email: string; password: string }; operator: { email: string; password: string } } | null;
  /** The server's process id (for its memory use). */
  pid: number;
  /** Milliseconds from spawning the process to its first answer. */
  startMs: number;
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
  const c = /^\s*customer\s+(\S+)\s+password: (\S+)$/m.exec(out);
  const o = /^\s*operator\s+(\S+)\s+password: (\S+)$/m.exec(out);
  return c && o ? { customer: { email: c[1]!, password: c[2]! }, operator: { email: o[1]!, password: o[2]! } } : null;
}

/**
 * Starts the real server (the compiled entry `npm start` runs, server/dist/server.js) serving the
 * built web app, on a free port with a temporary DATA_DIR, and waits until it answers. The one
 * way e2e, bench and the crash tests start a store; `PORT` in `env` picks the port. Build first
 * (the e2e global setup and the bench do: scripts/lib/build.mjs).
 */
export async function startStore(
  env: Record<string, string> = {},
  opts: { fromSource?: boolean; nodeArgs?: string[] } = {},
): Promise<RunningStore> {
  // A port found free can be taken before the store binds it (another test's store or an
  // outgoing connection's ephemeral port): a store that fails with EADDRINUSE on a port it did
  // not ask for starts again on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, opts);
    } catch (error) {
      if (env.PORT || attempt === 3 || !/EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

async function startOnce(
  env: Record<string, string>,
  opts: { fromSource?: boolean; nodeArgs?: string[] },
): Promise<RunningStore> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'raseed-e2e-'));
  let out = '';
  const spawnedAt = performance.now();
  // fromSource: the TypeScript sources through tsx, as the store ran before it was compiled
  // (only the bench uses it, to compare).
  // nodeArgs: flags for node itself (a bench's --cpu-prof), which NODE_OPTIONS does not take.
  const args = [
    ...(opts.nodeArgs ?? []),
    ...(opts.fromSource ? ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')] : [serverEntry]),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RASEED_DEMO: '1',
      DATABASE_URL: '',
      // The push service and numbers provider are stand-ins on loopback.
      OUTBOUND_ALLOW_PRIVATE: '1',
      PUSH_ENDPOINT_HOSTS: '127.0.0.1,localhost',
      ...env,
      PORT: String(port),
    },
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
    if (child.exitCode !== null) {
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited: ${out}`);
    }
    try {
      const res = await fetch(`${baseUrl}/public/api/v1/setting`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const startMs = performance.now() - spawnedAt;
  return {
    pid: child.pid as number,
    startMs,
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
