import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026-11-26-28-storefront-sums';
import * as numberSums from '../src/db/migrations/2026-11-26-31-number-purchase-sums';
import { summaryHorizon } from '../src/modules/dashboard/summaries';
import { expectFromRows } from './dashboard-expect';
import { type History, seedHistory } from './dashboard-history';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';

/**
 * The dashboard reads what was created before its summaries' horizon (two UTC midnights back)
 * from summaries kept by triggers, and the days since from the tables: whatever happens to the
 * rows, its figures stay those of the rows themselves.
 */
let t: TestApp;
let op: TestUser;
let history: History;
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const now = Date.now();
// From 12 days back to today: rows on both sides of the horizon.
const ranges = [
  { from: day(now - 11 * DAY), to: day(now), tz: 0 },
  { from: day(now - 9 * DAY), to: day(now - DAY), tz: 180 },
  { from: day(now - 4 * DAY), to: day(now), tz: -300 },
  { from: day(now - 6 * DAY), to: day(now - 3 * DAY), tz: 330 },
];

const STOREFRONTS = [1, 2, 3];

/** Every range for every storefront together, and for each one. */
async function expectRight() {
  for (const q of ranges)
    for (const storefront of [undefined, ...STOREFRONTS]) {
      const res = await t.request({
        method: 'GET',
        url: `${ADMIN}/dashboard?from=${q.from}&to=${q.to}&tz=${q.tz}${storefront ? `&storefront=${storefront}` : ''}`,
        token: op.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectFromRows(t.db, res.json().data.dashboard, { ...q, storefront }, history.categoryNames);
    }
}

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  for (const [name, host] of [
    ['متجر باء', 'b.localhost'],
    ['متجر جيم', 'c.localhost'],
  ]) {
    const payload = { name, hosts: [host] };
    const res = await t.request({ method: 'POST', url: `${ADMIN}/storefronts`, token: op.token, payload });
    expect(res.json().data.storefront.id).toBe(STOREFRONTS[res.json().data.storefront.id - 1]);
  }
  history = await seedHistory(t.db, {
    endMs: now,
    days: 12,
    orders: 1200,
    charges: 300,
    customers: 60,
    numbers: 400,
    seed: 11,
    storefronts: STOREFRONTS,
  });
});
afterAll(async () => {
  await t.close();
});

const older = () => new Date(Date.parse(summaryHorizon(now)) - 1).toISOString();

/**
 * Older number purchases whose code comes late, that are refunded, repriced, moved to another
 * storefront or time, or deleted, and one written now with an old time.
 */
async function changeOlderNumbers() {
  const old = await t.db
    .selectFrom('number_activations')
    .select(['id', 'status'])
    .where('created_at', '<', older())
    .orderBy('id')
    .limit(30)
    .execute();
  expect(old.length).toBe(30);
  for (const [i, n] of old.entries()) {
    const set =
      i % 5 === 0
        ? { status: n.status === 'received' ? ('refunded' as const) : ('received' as const) }
        : i % 5 === 1
          ? { price: 9_870_000, status: 'received' as const }
          : i % 5 === 2
            ? { storefront_id: (i % 3) + 1, status: 'received' as const }
            : i % 5 === 3
              ? { provider_price: i % 10 === 3 ? null : 120_000, status: 'received' as const }
              : { created_at: new Date(now - (i % 8) * 3 * 60 * 60_000).toISOString() };
    await t.db.updateTable('number_activations').set(set).where('id', '=', n.id).execute();
  }
  await t.db.deleteFrom('number_activations').where('id', '=', old.at(-1)!.id).execute();
  const moved = await t.db
    .selectFrom('number_activations')
    .selectAll()
    .where('id', '=', old[1]!.id)
    .executeTakeFirstOrThrow();
  const { id: _id, ...copy } = moved;
  await t.db
    .insertInto('number_activations')
    .values({ ...copy, created_at: new Date(now - 9 * DAY).toISOString() })
    .execute();
}

describe('dashboard summaries', () => {
  it('give the figures of the rows on both sides of the horizon', async () => {
    for (const table of ['orders_by_hour', 'numbers_by_hour'] as const) {
      const summarized = await t.db.selectFrom(table).select('at_hour').where('n', '>', 0).execute();
      expect(summarized.length, table).toBeGreaterThan(0);
    }
    await expectRight();
  });

  it('follow older rows that change status, money, product, time, storefront or role, or are deleted', async () => {
    const old = await t.db
      .selectFrom('orders')
      .select(['id', 'status', 'product_id'])
      .where('created_at', '<', older())
      .orderBy('id')
      .limit(40)
      .execute();
    const product = old.find((o) => o.product_id !== old[0]!.product_id)!.product_id;
    for (const [i, o] of old.entries()) {
      const set =
        i % 6 === 0
          ? { status: o.status === 'success' ? ('cancel' as const) : ('success' as const) }
          : i % 6 === 1
            ? { price: 123_450_000 }
            : i % 6 === 2
              ? { product_id: product, status: 'success' as const }
              : i % 6 === 3
                ? { storefront_id: (i % 3) + 1, status: 'success' as const }
                : i % 6 === 4
                  ? { provider_price: i % 12 === 4 ? null : 100_000_000, status: 'success' as const }
                  : { created_at: new Date(now - (i % 8) * 3 * 60 * 60_000).toISOString() };
      await t.db.updateTable('orders').set(set).where('id', '=', o.id).execute();
    }
    await t.db.deleteFrom('orders').where('id', '=', old.at(-1)!.id).execute();
    const charge = await t.db
      .selectFrom('charges')
      .select('id')
      .where('created_at', '<', older())
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('charges')
      .set({ status: 'success', amount: 77_000_000 })
      .where('id', '=', charge.id)
      .execute();
    const customer = await t.db
      .selectFrom('users')
      .select('id')
      .where('created_at', '<', older())
      .where('role', '=', 'customer')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ role: 'operator' }).where('id', '=', customer.id).execute();
    // Customers who move to another storefront, or out of every one, take their older top-ups along.
    const movers = await t.db
      .selectFrom('users')
      .innerJoin('charges', 'charges.user_id', 'users.id')
      .select(['users.id', 'users.storefront_id'])
      .where('charges.created_at', '<', older())
      .where('users.role', '=', 'customer')
      .where('users.id', '<>', customer.id)
      .groupBy(['users.id', 'users.storefront_id'])
      .orderBy('users.id')
      .limit(2)
      .execute();
    expect(movers).toHaveLength(2);
    await t.db
      .updateTable('users')
      .set({ storefront_id: (Number(movers[0]!.storefront_id) % 3) + 1 })
      .where('id', '=', movers[0]!.id)
      .execute();
    await t.db
      .updateTable('users')
      .set({ storefront_id: null, role: 'operator' })
      .where('id', '=', movers[1]!.id)
      .execute();
    // A row written now with an old time, as an import would.
    const moved = await t.db.selectFrom('orders').selectAll().where('id', '=', old[5]!.id).executeTakeFirstOrThrow();
    const { id: _id, ...copy } = moved;
    await t.db
      .insertInto('orders')
      .values({ ...copy, status: 'success', created_at: new Date(now - 8 * DAY).toISOString() })
      .execute();
    await changeOlderNumbers();
    await expectRight();
  });

  it('move forward over the days that pass', async () => {
    // As if the store had last been summarized long ago: the next dashboard counts every day since.
    for (const table of [
      'orders_by_hour',
      'numbers_by_hour',
      'charges_by_hour',
      'customers_by_hour',
      'sales_by_product_day',
    ] as const)
      await t.db.deleteFrom(table).execute();
    await t.db.updateTable('dashboard_summaries').set({ until: '2000-01-01T00:00:00.000Z' }).execute();
    await expectRight();
    const { until } = await t.db.selectFrom('dashboard_summaries').select('until').executeTakeFirstOrThrow();
    expect(until).toBe(summaryHorizon(Date.now()));
    // And a row counted by moving forward still follows its changes.
    const o = await t.db
      .selectFrom('orders')
      .select('id')
      .where('created_at', '<', older())
      .where('status', '=', 'success')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('orders').set({ status: 'cancel' }).where('id', '=', o.id).execute();
    await expectRight();
  });

  it('are rebuilt per storefront from the rows by their migration (and back without storefronts)', async () => {
    const run = (step: 'up' | 'down') => t.db.transaction().execute((trx) => (step === 'up' ? up : down)(trx));
    await run('down');
    const old = await t.db.selectFrom('orders_by_hour').selectAll().where('n', '>', 0).executeTakeFirstOrThrow();
    expect(old).not.toHaveProperty('storefront_id');
    await run('up');
    await expectRight();
    // The triggers it made follow a change as the ones before did.
    const o = await t.db
      .selectFrom('orders')
      .select('id')
      .where('created_at', '<', older())
      .where('status', '=', 'success')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('orders')
      .set({ storefront_id: 3, provider_price: 1_230_000 })
      .where('id', '=', o.id)
      .execute();
    await expectRight();
  });

  it('count the older number purchases by their migration, and follow them after it', async () => {
    const run = (step: 'up' | 'down') =>
      t.db.transaction().execute((trx) => (step === 'up' ? numberSums.up : numberSums.down)(trx));
    await run('down');
    // Changed with no summary to follow it: the migration counts the rows as they are.
    const late = await t.db
      .selectFrom('number_activations')
      .select('id')
      .where('created_at', '<', older())
      .where('status', '=', 'waiting')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('number_activations').set({ status: 'received' }).where('id', '=', late.id).execute();
    await run('up');
    await expectRight();
    const n = await t.db
      .selectFrom('number_activations')
      .select('id')
      .where('created_at', '<', older())
      .where('status', '=', 'waiting')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('number_activations')
      .set({ status: 'received', storefront_id: 2, provider_price: 10_000 })
      .where('id', '=', n.id)
      .execute();
    await expectRight();
  });
});
