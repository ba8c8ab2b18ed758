import { work } from '../src/kernel/unit-of-work';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/modules/accounts/passwords';
import { insertUser } from '../src/modules/accounts/repository';
import { createSession } from '../src/modules/accounts/sessions';
import { turnOnTwoFactor } from '../src/modules/accounts/two-factor-service';
import { type Config, loadConfig } from '../src/config';
import { openRuntime } from '../src/bootstrap';
import { startDemoUpstreams } from '../src/seed/demo-upstreams';
import type { DB, Engine } from '../src/db/database';
import type { Storage } from '../src/kernel/storage';
import { credit } from '../src/modules/wallet/ledger';

/** Which engine this run tests: PostgreSQL when TEST_ENGINE=postgres and TEST_DATABASE_URL is set. */
export const testEngine: Engine =
  process.env.TEST_ENGINE === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** Test operators have two-factor on (the console requires it) with this authenticator secret. */
export const OPERATOR_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

export type TestUser = { id: number; email: string; password: string; token: string };

export type TestApp = {
  app: FastifyInstance;
  db: DB;
  engine: Engine;
  config: Config;
  storage: Storage;
  dataDir: string;
  /** The PostgreSQL schema of this file's database (undefined on SQLite): a second runtime opens it too. */
  pgSchema: string | undefined;
  /** Creates a user (customer unless told) with a session; `balance` is credited through the ledger. */
  createUser(opts?: {
    role?: 'customer' | 'operator';
    balance?: number;
    email?: string;
    password?: string;
    /** A customer's storefront (1 by default). */
    storefrontId?: number;
  }): Promise<TestUser>;
  request(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

/**
 * A fresh app on a fresh database for one test file: a temporary SQLite file, or its own
 * PostgreSQL schema (dropped afterwards) so parallel files never see each other's rows.
 */
export async function setupApp(
  opts: {
    seed?: boolean;
    env?: Record<string, string>;
    config?: Partial<Config>;
    /** Where the app's JSON log lines go (at LOG_LEVEL, silent unless `env` says); silenced without it. */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-test-'));
  const pgSchema = testEngine === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Tests that forward orders run the delivery worker themselves (app.forwarder.runDue()).
      DELIVERY_WORKER: '0',
      NUMBERS_WORKER: '0',
      // And webhooks (app.webhooks.runDue()).
      WEBHOOK_WORKER: '0',
      // Suppliers, numbers providers and push services are stand-ins on loopback (outbound.test.ts
      // proves the guard refuses such addresses without this).
      OUTBOUND_ALLOW_PRIVATE: '1',
      PUSH_ENDPOINT_HOSTS: '127.0.0.1,localhost',
      ...(pgSchema ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      ...opts.env,
    },
    { appKey: randomBytes(32), ...opts.config },
  );
  const runtime = await openRuntime(config, { seed: opts.seed ?? false, ...(pgSchema ? { pgSchema } : {}) });
  // As server.ts does: a seeded store's numbers provider and supplier answer inside the process.
  const upstreams = runtime.demo ? await startDemoUpstreams(config.outbound) : null;
  const app = await buildApp({
    config,
    db: runtime.db,
    engine: runtime.engine,
    storage: runtime.storage,
    pool: runtime.pool,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.ready();
  let n = 0;

  return {
    app,
    db: runtime.db,
    engine: runtime.engine,
    config,
    storage: runtime.storage,
    dataDir,
    pgSchema,
    async createUser(o = {}) {
      n += 1;
      const email = o.email ?? `user${n}-${randomBytes(3).toString('hex')}@test.local`;
      const password = o.password ?? 'correct-horse-9';
      const id = await insertUser(runtime.db, {
        email,
        name: `مستخدم ${n}`,
        phone: `+9639000000${n}`,
        passwordHash: await hashPassword(password),
        role: o.role ?? 'customer',
        ...(o.storefrontId ? { storefrontId: o.storefrontId } : {}),
      });
      if (o.balance) {
        const amount = o.balance;
        await work(runtime.db, (trx) => credit(trx, id, amount, 'رصيد اختبار', { type: 'adjust', id: null }));
      }
      if (o.role === 'operator') await turnOnTwoFactor(runtime.db, config.sealer, id, OPERATOR_TOTP_SECRET);
      const token = await createSession(runtime.db, id, { ttlDays: 1 });
      return { id, email, password, token };
    },
    request({ token, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    },
    async close() {
      await app.close();
      await upstreams?.close();
      await runtime.close();
      if (pgSchema) {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
