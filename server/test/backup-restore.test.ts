import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCli, restoreCli } from '../../scripts/lib/build.mjs';
import { buildApp } from '../src/app';
import { openRuntime } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { DB } from '../src/db/database';
import { work } from '../src/kernel/unit-of-work';
import { hashPassword } from '../src/modules/accounts/passwords';
import { insertUser } from '../src/modules/accounts/repository';
import { createSession } from '../src/modules/accounts/sessions';
import { verifyLedger } from '../src/modules/wallet';
import { credit } from '../src/modules/wallet/ledger';
import { testEngine } from './helper';
import { makeProduct } from './orders-fixtures';

const API = '/public/api/v1';
const CUSTOMERS = 20;
const APP_KEY = randomBytes(32).toString('hex');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A store of its own: a new DATA_DIR, and on PostgreSQL a new database (dropped afterwards). */
async function newStoreEnv(label: string): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `raseed-${label}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  if (testEngine === 'sqlite') return { DATA_DIR: dataDir, DATABASE_URL: '', APP_KEY };
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `raseed_${label}_${randomBytes(4).toString('hex')}`;
  await pgAdmin(admin, `CREATE DATABASE ${name}`);
  cleanups.push(() => pgAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), APP_KEY };
}

async function pgAdmin(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** The store as the server runs it, listening on loopback. */
async function serve(env: Record<string, string>) {
  const config = loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    RASEED_DEMO: '0',
    WEB_DIST: path.join(env.DATA_DIR!, 'no-web'),
    DELIVERY_WORKER: '0',
    NUMBERS_WORKER: '0',
    WEBHOOK_WORKER: '0',
    PUSH_WORKER: '0',
    // Each customer orders from an address of their own, as behind the proxy of a deployment.
    TRUST_PROXY: '1',
  });
  const runtime = await openRuntime(config, { seed: false });
  const app = await buildApp({
    config,
    db: runtime.db,
    engine: runtime.engine,
    storage: runtime.storage,
    logger: false,
  });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    db: runtime.db,
    baseUrl,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

async function seedCustomers(db: DB): Promise<{ productId: number; customers: { id: number; token: string }[] }> {
  const productId = await makeProduct(db);
  const passwordHash = await hashPassword('correct-horse-9');
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const id = await insertUser(db, {
      email: `buyer${i}@backup.test`,
      name: `زبون ${i}`,
      phone: `+96390000${String(i).padStart(4, '0')}`,
      passwordHash,
      role: 'customer',
    });
    await work(db, (trx) => credit(trx, id, 500_000_000, 'رصيد اختبار', { type: 'adjust', id: null }));
    customers.push({ id, token: await createSession(db, id, { ttlDays: 1 }) });
  }
  return { productId, customers };
}

/** Runs a compiled command (what `npm run backup` / `npm run restore` run) without holding this event loop. */
function run(entry: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env, INIT_CWD: '' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      err += String(d);
    });
    child.on('error', (e) => {
      err += `[could not run: ${e.message}]`;
    });
    child.on('close', (code, signal) => resolve({ code, out, err: signal ? `${err}[killed by ${signal}]` : err }));
  });
}

type Acked = { id: number; token: string; at: number };

/**
 * Twenty customers order in a loop until `stop` resolves; every 2xx answer is recorded with when
 * it came. A customer's own limit is 60 orders a minute: the loops stay under it.
 */
function orderInLoops(baseUrl: string, productId: number, customers: { token: string }[], stop: Promise<void>) {
  const acked: Acked[] = [];
  let stopping = false;
  void stop.then(() => {
    stopping = true;
  });
  const loops = customers.map(async (c, i) => {
    for (let n = 0; n < 50 && !stopping; n++) {
      const res = await fetch(`${baseUrl}${API}/orders-create-fixed`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${c.token}`,
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.0.${i + 1}`,
        },
        body: JSON.stringify({ productId, playerId: '123456789', playerName: 'backup' }),
      });
      const body = (await res.json()) as { data?: { order?: { id: number } } };
      if (res.ok) acked.push({ id: body.data!.order!.id, token: c.token, at: performance.now() });
      else throw new Error(`order answered ${res.status}: ${JSON.stringify(body)}`);
    }
  });
  return { acked, done: Promise.all(loops) };
}

describe(`npm run backup / restore (${testEngine})`, { timeout: 120_000 }, () => {
  // On PostgreSQL this needs pg_dump and pg_restore on PATH (the CI image has them).
  it('a backup taken while 20 customers order restores to a store holding every order acked before it', async () => {
    const sourceEnv = await newStoreEnv('bk_src');
    const source = await serve(sourceEnv);
    const { productId, customers } = await seedCustomers(source.db);

    let stop!: () => void;
    const stopped = new Promise<void>((r) => {
      stop = r;
    });
    const ordering = orderInLoops(source.baseUrl, productId, customers, stopped);
    // Orders are coming in from every customer before the backup starts.
    while (ordering.acked.length < CUSTOMERS * 2) await new Promise((r) => setImmediate(r));
    const startedAt = performance.now();
    const ackedBefore = ordering.acked.filter((a) => a.at <= startedAt);
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'raseed-bk-')), 'today');
    cleanups.push(async () => rmSync(path.dirname(backupDir), { recursive: true, force: true }));
    const backup = await run(backupCli, ['--to', backupDir], sourceEnv);
    const ackedDuring = ordering.acked.length - ackedBefore.length;
    stop();
    await ordering.done;
    await source.close();
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toContain('ledger clean');
    // The store kept taking orders while the backup ran.
    expect(ackedDuring).toBeGreaterThan(0);

    const targetEnv = await newStoreEnv('bk_dst');
    const restore = await run(restoreCli, ['--from', backupDir], targetEnv);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toContain('match the manifest, ledger clean');

    const restored = await serve(targetEnv);
    try {
      for (const a of ackedBefore) {
        const res = await fetch(`${restored.baseUrl}${API}/orders/${a.id}`, {
          headers: { authorization: `Bearer ${a.token}` },
        });
        expect(res.status, `order ${a.id}`).toBe(200);
      }
      // Nothing the customers were not told of: every restored order was acknowledged.
      const ids = (await restored.db.selectFrom('orders').select('id').execute()).map((r) => r.id);
      const everyAck = new Set(ordering.acked.map((a) => a.id));
      expect(ids.filter((id) => !everyAck.has(id))).toEqual([]);
      expect(ids.length).toBeGreaterThanOrEqual(ackedBefore.length);
      expect((await verifyLedger(restored.db)).ok).toBe(true);
    } finally {
      await restored.close();
    }

    // A second restore into the same, now full, store is refused and changes nothing.
    const again = await run(restoreCli, ['--from', backupDir], targetEnv);
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/is not empty/);
  });

  it.skipIf(testEngine !== 'postgres')('without pg_dump on PATH, says what to run instead', async () => {
    const env = await newStoreEnv('bk_nodump');
    const backup = await run(backupCli, ['--to', path.join(env.DATA_DIR!, 'b')], { ...env, PATH: '' });
    expect(backup.code).toBe(2);
    expect(backup.err).toContain('pg_dump --format=custom');
  });
});
