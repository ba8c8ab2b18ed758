import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openRuntime } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { migrations } from '../src/db/migrations';
import { createSession } from '../src/modules/accounts/sessions';
import { verifyLedger } from '../src/modules/wallet';
import { onlyColumns, openOldStore, type OldStore, snapshot, upgradeFixtures } from './upgrade-fixtures';

// Stores made by older releases (fixtures/upgrades/README.md) start under today's code: every
// table they had keeps every row and value, the ledger still explains every balance, and the
// upgraded store takes an order.

let store: OldStore | undefined;
afterEach(async () => {
  await store?.drop();
  store = undefined;
});

const USD = 1_000_000;

describe.each(upgradeFixtures)('a store made by %s', (fixture) => {
  it('upgrades to the current schema with every row kept and the ledger clean', async () => {
    store = await openOldStore(fixture);
    const old = await connect({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
    const before = await snapshot(old.db);
    await old.close();
    expect(
      before
        .get('orders')!
        .rows.map((o) => o.status)
        .sort(),
    ).toEqual(['cancel', 'pending', 'request_cancel', 'success', 'success', 'success', 'wait']);

    // The way the store starts: openRuntime applies the migrations.
    const config = loadConfig(
      {
        DATA_DIR: store.dataDir,
        LOG_LEVEL: 'silent',
        RASEED_DEMO: '0',
        DELIVERY_WORKER: '0',
        NUMBERS_WORKER: '0',
        WEBHOOK_WORKER: '0',
        ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
      },
      { appKey: randomBytes(32) },
    );
    const runtime = await openRuntime(config, { seed: false });
    try {
      const after = await snapshot(runtime.db);
      const applied = after.get('kysely_migration')!.rows.map((r) => r.name);
      expect(applied.sort()).toEqual(Object.keys(await migrations.getMigrations()).sort());
      for (const [table, was] of before) {
        if (table === 'kysely_migration') continue;
        const now = after.get(table);
        expect(now, `${table} is still there`).toBeDefined();
        expect(now!.columns, `${table} keeps its columns`).toEqual(expect.arrayContaining(was.columns));
        expect(onlyColumns(now!.rows, was.columns), `${table} keeps every row and value`).toEqual(was.rows);
      }

      const users = after.get('users')!.rows;
      const balance = (id: number) => Number(users.find((u) => Number(u.id) === id)!.balance);
      expect(balance(3)).toBe(14.45 * USD);
      expect(after.get('settings')!.rows[0]).toMatchObject({ name: 'متجر الترقية', currency_mode: 'syr' });
      expect(await verifyLedger(runtime.db)).toMatchObject({ ok: true, drifts: [], refundIssues: [], debtIssues: [] });

      const app = await buildApp({
        config,
        db: runtime.db,
        engine: runtime.engine,
        storage: runtime.storage,
        logger: false,
      });
      try {
        const setting = await app.inject({ method: 'GET', url: '/public/api/v1/setting' });
        expect(setting.json().data.setting.name).toBe('متجر الترقية');
        const token = await createSession(runtime.db, 2, { ttlDays: 1 });
        const ordered = await app.inject({
          method: 'POST',
          url: '/public/api/v1/orders-create-fixed',
          headers: { authorization: `Bearer ${token}` },
          payload: { productId: 1, playerId: '5123456789' },
        });
        expect(ordered.statusCode, ordered.body).toBe(201);
        const report = await verifyLedger(runtime.db);
        expect(report.ok).toBe(true);
        expect(report.rowsChecked).toBe(before.get('ledger')!.rows.length + 1);
      } finally {
        await app.close();
      }
    } finally {
      await runtime.close();
    }
  });
});
