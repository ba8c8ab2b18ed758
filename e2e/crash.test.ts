import { work } from '../server/src/kernel/unit-of-work';
import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../server/src/modules/accounts/passwords';
import { createSession } from '../server/src/modules/accounts/sessions';
import type { DbHandle } from '../server/src/db/connect';
import type { DB } from '../server/src/db/database';
import { now } from '../server/src/kernel/time';
import { credit } from '../server/src/modules/wallet/ledger';
import { verifyLedger } from '../server/src/modules/wallet/verify';
import { type Acks, type Actor, type LoadPlan, newAcks, runLoad } from './crash-load';
import { onFreshPostgres, onFreshSqlite } from './harness/fresh-database';
import { startStore } from './harness/server';

const KILLS = 3;

async function makeUser(db: DB, role: 'customer' | 'operator', balance: number): Promise<Actor> {
  const t = now();
  const { id } = await db
    .insertInto('users')
    .values({
      email: `crash-${randomBytes(4).toString('hex')}@test.local`,
      name: 'زبون',
      phone: '+963911111111',
      img: null,
      password_hash: await hashPassword('pw-crash-1'),
      role,
      balance: 0,
      deposit: 0,
      totp_secret: null,
      totp_pending_secret: null,
      totp_enabled: role === 'operator' ? 1 : 0,
      totp_last_step: 0,
      google_subject: null,
      // An operator of no storefront is the provider's; one with a storefront is that storefront's staff.
      storefront_id: role === 'operator' ? null : 1,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (balance) await work(db, (trx) => credit(trx, id, balance, 'رصيد اختبار', { type: 'adjust', id: null }));
  return { id, token: await createSession(db, id, { ttlDays: 1 }) };
}

async function arrange(db: DB): Promise<LoadPlan> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('available', '=', 1)
    .where('free', '=', 0)
    .where('type', '=', 'id')
    .orderBy('price')
    .executeTakeFirstOrThrow();
  const bank = await db.selectFrom('banks').select('id').executeTakeFirstOrThrow();
  const customers = [];
  for (let i = 0; i < 4; i++) customers.push(await makeUser(db, 'customer', 1_000_000_000));
  return { customers, operator: await makeUser(db, 'operator', 0), productId: product.id, bankId: bank.id };
}

const ledgerRows = (db: DB, type: string, id: number) =>
  db.selectFrom('ledger').select(['credit', 'debit']).where('ref_type', '=', type).where('ref_id', '=', id).execute();

/** Every acknowledged write is there, nothing is half-written, and the ledger adds up. */
async function checkStore(db: DB, acks: Acks): Promise<void> {
  const report = await verifyLedger(db);
  expect(report.ok, JSON.stringify(report.drifts.slice(0, 2))).toBe(true);

  const orders = await db.selectFrom('orders').select(['id', 'user_id', 'status', 'price']).execute();
  const byId = new Map(orders.map((o) => [o.id, o]));
  for (const [id, ack] of acks.orders) expect(byId.get(id)?.user_id, `acknowledged order ${id}`).toBe(ack.userId);
  for (const [id, status] of acks.cancels) expect(byId.get(id)?.status, `acknowledged cancel of ${id}`).toBe(status);
  for (const o of orders) {
    const rows = await ledgerRows(db, 'order', o.id);
    // Placement debits exactly once; a cancelled order is refunded exactly once, no other is.
    expect(
      rows.filter((r) => r.debit > 0).map((r) => r.debit),
      `order ${o.id} debit`,
    ).toEqual([o.price]);
    expect(rows.filter((r) => r.credit > 0).length, `order ${o.id} refunds`).toBe(o.status === 'cancel' ? 1 : 0);
  }

  const charges = await db.selectFrom('charges').select(['id', 'user_id', 'status']).execute();
  for (const [userId, n] of acks.chargesByUser)
    expect(charges.filter((c) => c.user_id === userId).length).toBeGreaterThanOrEqual(n);
  for (const id of acks.approvals)
    expect(charges.find((c) => c.id === id)?.status, `acknowledged approval ${id}`).toBe('success');
  for (const c of charges)
    expect((await ledgerRows(db, 'charge', c.id)).length, `charge ${c.id} credits`).toBe(
      c.status === 'success' ? 1 : 0,
    );
}

async function crashJourney(env: Record<string, string>, open: () => Promise<DbHandle>): Promise<void> {
  const acks = newAcks();
  let store = await startStore(env);
  let h = await open();
  const plan = await arrange(h.db);
  await h.close();
  for (let round = 0; round <= KILLS; round++) {
    const crash = round < KILLS;
    const deadline = Date.now() + randomInt(600, 1500);
    const load = runLoad(store.baseUrl, plan, acks, () => !crash && Date.now() > deadline);
    await new Promise((r) => setTimeout(r, deadline - Date.now()));
    if (crash) await store.kill();
    await load;
    if (crash) store = await startStore(env);
    else expect(await store.stop()).toBe(0);
  }
  console.log(
    `[crash] ${KILLS} SIGKILLs under load: ${acks.requests} requests; acknowledged ` +
      `${acks.orders.size} orders, ${acks.cancels.size} cancels, ${acks.approvals.size} approvals`,
  );
  h = await open();
  try {
    expect(acks.orders.size, 'the load placed orders').toBeGreaterThan(5);
    expect(acks.approvals.size + acks.cancels.size, 'the load cancelled and approved').toBeGreaterThan(0);
    await checkStore(h.db, acks);
  } finally {
    await h.close();
  }
}

describe('killing the server with SIGKILL mid-load loses no acknowledged order, cancel or top-up', () => {
  it('on the SQLite file', () => onFreshSqlite('raseed-crash-', ({ env, open }) => crashJourney(env, open)), 120_000);

  const pgUrl = process.env.TEST_DATABASE_URL;
  it.runIf(pgUrl)(
    'on PostgreSQL (TEST_DATABASE_URL)',
    () => onFreshPostgres(pgUrl ?? '', 'raseed_crash_', ({ env, open }) => crashJourney(env, open)),
    120_000,
  );
});
