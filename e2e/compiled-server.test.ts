import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot } from './harness/server';

/**
 * `npm start` runs the compiled server: no tsx in the process, and the S3 SDK and the Redis
 * client are not even resolved unless configured. A module-resolution hook records what the
 * process imports.
 */
let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'raseed-compiled-'));
  writeFileSync(
    path.join(work, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  appendFileSync(process.env.RASEED_IMPORT_LOG, r.url + '\\n');
  return r;
}
`,
  );
  writeFileSync(
    path.join(work, 'register.mjs'),
    `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`,
  );
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** `npm start`'s script with a temporary DATA_DIR; resolves once the store answers. */
async function start(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; imports: () => string[]; stop: () => Promise<void> }> {
  const port = await freePort();
  const log = path.join(work, `imports-${port}.log`);
  writeFileSync(log, '');
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const child = spawn(
    process.execPath,
    ['--import', path.join(work, 'register.mjs'), path.join(repoRoot, 'scripts/start.mjs')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        RASEED_DEMO: '0',
        RASEED_IMPORT_LOG: log,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${out}`);
    if (
      await fetch(`http://127.0.0.1:${port}/public/api/v1/setting`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`npm start did not answer: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    imports: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('npm start', () => {
  it(
    'runs server/dist with node alone: no tsx, no TypeScript, no ' + 'S3 SDK or Redis client unless configured',
    async () => {
      const store = await start({});
      try {
        const cmdline = readFileSync(`/proc/${store.child.pid}/cmdline`, 'utf8').split('\0');
        expect(cmdline.join(' ')).not.toMatch(/tsx/);
        const imports = store.imports();
        expect(imports.some((u) => u.endsWith('/server/dist/server.js'))).toBe(true);
        expect(imports.filter((u) => /\/tsx\/|\.tsx?$/.test(u))).toEqual([]);
        expect(imports.filter((u) => /\/node_modules\/(ioredis|@aws-sdk)\//.test(u))).toEqual([]);
        // The packages a production install has are the ones it loads.
        expect(imports.some((u) => u.includes('/node_modules/fastify/'))).toBe(true);
      } finally {
        await store.stop();
      }
    },
  );

  it('loads the Redis client and the S3 SDK once they are configured', async () => {
    const store = await start({
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      S3_BUCKET: 'raseed-compiled-test',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_FORCE_PATH_STYLE: '1',
    });
    try {
      const imports = store.imports();
      expect(imports.some((u) => u.includes('/node_modules/ioredis/'))).toBe(true);
      expect(imports.some((u) => u.includes('/node_modules/@aws-sdk/client-s3/'))).toBe(true);
    } finally {
      await store.stop();
    }
  });

  it('LISTENERS=4 watches 4 descriptors of one listening socket, drains on SIGTERM, frees the port', async () => {
    const store = await start({ LISTENERS: '4' });
    const port = store.port;
    // One listening socket on the port (state 0A) in the kernel's table, as `ss -ltn` lists it …
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const listening = readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === '0A');
    expect(listening).toHaveLength(1);
    // … and the store holding it four times, as `ss -ltnp` shows (fd=…), once the copies arrived.
    const inode = `socket:[${listening[0]?.[9]}]`;
    const held = () =>
      readdirSync(`/proc/${store.child.pid}/fd`).filter((n) => {
        try {
          return readlinkSync(`/proc/${store.child.pid}/fd/${n}`) === inode;
        } catch {
          return false;
        }
      }).length;
    await expect.poll(held, { timeout: 10_000 }).toBe(4);
    // New connections, whichever descriptor takes them, are all answered.
    const codes = await Promise.all(
      Array.from({ length: 32 }, () =>
        fetch(`http://127.0.0.1:${port}/public/api/v1/setting`, { headers: { connection: 'close' } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(codes.every((c) => c === 200)).toBe(true);
    await store.stop();
    expect(store.child.exitCode).toBe(0);
    const again = createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => again.close(r));
  });

  it('on a port another program holds, says so in one line and exits 1, without a stack trace', async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const port = (holder.address() as AddressInfo).port;
    try {
      const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: mkdtempSync(path.join(work, 'data-')),
          DATABASE_URL: '',
          RASEED_DEMO: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr?.on('data', (d) => (err += String(d)));
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(err).toContain(`cannot listen on 127.0.0.1:${port} (EADDRINUSE)`);
      expect(err).toContain('set PORT to a free port');
      expect(err).not.toMatch(/^\s+at /m);
    } finally {
      holder.close();
    }
  });
});
