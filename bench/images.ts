import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../server/src/app';
import { hashPassword } from '../server/src/modules/accounts/passwords';
import { insertUser } from '../server/src/modules/accounts/repository';
import { createSession } from '../server/src/modules/accounts/sessions';
import { loadConfig } from '../server/src/config';
import { openRuntime } from '../server/src/bootstrap';
import { jpegFixture } from '../server/test/topup-fixtures';
import { load } from './lib/load';

/**
 * `npm run images -w bench`: a trivial page's latency while crafted images are uploaded. Six
 * clients (in a worker thread, their own event loop) keep sending a 4.8 MB JPEG of 1.2 million
 * tiny segments; image work runs in the server's worker pool, so the page's p99 should stay
 * near where it is without uploads. Flags: --seconds=N (default 8), --uploaders=N (default 6).
 */
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(arg('seconds') ?? 8);
const uploaders = Number(arg('uploaders') ?? 6);
const log = (s: string) => process.stderr.write(`${s}\n`);

// A real 8×6 JPEG (the server tests' fixture) behind a million empty comment segments.
function craftedJpeg(segments: number): Buffer {
  const body = Buffer.alloc(segments * 4);
  for (let i = 0; i < segments; i++) body.writeUInt32BE(0xfffe0002, i * 4);
  return Buffer.concat([jpegFixture.subarray(0, 2), body, jpegFixture.subarray(2)]);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-bench-images-'));
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DELIVERY_WORKER: '0',
    NUMBERS_WORKER: '0',
    WEB_DIST: path.join(dataDir, 'none'),
  },
  { appKey: randomBytes(32) },
);
const runtime = await openRuntime(config, { seed: true });
const app = await buildApp({ config, db: runtime.db, engine: runtime.engine, storage: runtime.storage, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const bank = await runtime.db.selectFrom('banks').select('id').executeTakeFirstOrThrow();
const tokens = await Promise.all(
  Array.from({ length: uploaders }, async (_, i) => {
    const id = await insertUser(runtime.db, {
      email: `img${i}@bench.local`,
      name: 'قياس',
      phone: '1',
      passwordHash: await hashPassword('bench-pass-1'),
      role: 'customer',
    });
    return createSession(runtime.db, id, { ttlDays: 1 });
  }),
);

const page = () => load({ url: `${base}/public/api/v1/auth/options`, connections: 10, seconds });
const jpeg = craftedJpeg(1_200_000);

log(`page alone (${seconds} s)…`);
const quiet = await page();

// The uploading clients run in a worker thread: their own event loop, as another machine's would be.
const uploaderCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, bankId, tokens, jpeg } = workerData;
let stop = false, uploads = 0, refused = 0;
parentPort.on('message', () => { stop = true; });
async function loop(token) {
  while (!stop) {
    const form = new FormData();
    form.set('amount', '5');
    form.set('bank_id', String(bankId));
    form.set('img', new Blob([jpeg], { type: 'image/jpeg' }), 'receipt.jpg');
    const res = await fetch(base + '/public/api/v1/banks', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + token },
      body: form,
    });
    await res.arrayBuffer();
    uploads += 1;
    if (res.status !== 200) refused += 1;
  }
}
Promise.all(tokens.map(loop)).then(() => parentPort.postMessage({ uploads, refused }));
`;
log(`page while ${uploaders} clients upload crafted JPEGs (${(jpeg.length / 1e6).toFixed(1)} MB, 1.2 M segments)…`);
const clients = new Worker(uploaderCode, {
  eval: true,
  workerData: { base, bankId: bank.id, tokens, jpeg: new Uint8Array(jpeg) },
});
const done = new Promise<{ uploads: number; refused: number }>((resolve) => clients.once('message', resolve));
const busy = await page();
clients.postMessage('stop');
const { uploads, refused } = await done;
await clients.terminate();

const row = (name: string, f: { rps: number; p50: number; p99: number }) =>
  `| ${name} | ${Math.round(f.rps)} | ${f.p50} ms | ${f.p99} ms |`;
process.stdout.write(
  [
    `| ${seconds} s, 10 connections, GET /auth/options | req/s | p50 | p99 |`,
    '|---|---|---|---|',
    row('no uploads', quiet),
    row(`${uploaders} crafted uploads in a loop`, busy),
    '',
    `${uploads} uploads sent, ${refused} refused (422 unreadable, or 429 once an account's 20 per 10 minutes are used)`,
    '',
  ].join('\n'),
);
await app.close();
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
