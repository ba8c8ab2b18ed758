import { work } from '../server/src/kernel/unit-of-work';
import { sql } from 'kysely';
import type { DB } from '../server/src/db/database';
import type { LargeStore } from './seed-large';

export const HISTORY = { orders: 100_000, charges: 20_000, days: 90 } as const;
const STATUSES = ['success', 'success', 'success', 'success', 'cancel', 'pending', 'wait'] as const;
const CHARGE_STATUSES = ['success', 'success', 'cancel', 'pending'] as const;
const BATCH = 1_000;

/**
 * 100,000 orders and 20,000 top-ups spread over the last 90 days, in time order as a live store
 * writes them, for the dashboard and export benches. Deterministic (a fixed LCG).
 */
export async function seedHistory(
  db: DB,
  engine: 'sqlite' | 'postgres',
  store: LargeStore,
  nowMs = Date.now(),
): Promise<void> {
  let s = 42;
  const rnd = (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
  const span = HISTORY.days * 86_400_000;
  const at = (i: number, n: number) => new Date(nowMs - span + Math.floor((span * i) / n)).toISOString();
  const customer = () => store.customers[rnd(store.customers.length)]!.id;
  const bank = await db
    .insertInto('banks')
    .values({ name: 'بنك القياس', img: null, info: '', iban: 'SY00', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await work(db, async (trx) => {
    for (let i = 0; i < HISTORY.orders; i += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, k) => {
        const created = at(i + k, HISTORY.orders);
        const p = rnd(store.productIds.length);
        return {
          user_id: customer(),
          product_id: store.productIds[p]!,
          product_name: `منتج ${p + 1}`,
          status: STATUSES[rnd(STATUSES.length)]!,
          price: (1 + rnd(5_000)) * 10_000,
          price_syr: 0,
          price_tr: 0,
          quantity: 1,
          data: '123456789',
          data2: null,
          secret: null,
          phone: null,
          note: null,
          api: 0,
          message: null,
          cancel_msg: null,
          idempotency_key: null,
          created_at: created,
          updated_at: created,
        };
      });
      await trx.insertInto('orders').values(rows).execute();
    }
    for (let i = 0; i < HISTORY.charges; i += BATCH) {
      const rows = Array.from({ length: BATCH }, (_, k) => ({
        user_id: customer(),
        bank_id: bank.id,
        amount: (1 + rnd(20_000)) * 10_000,
        img_key: 'receipts/bench.png',
        status: CHARGE_STATUSES[rnd(CHARGE_STATUSES.length)]!,
        reason: null,
        decided_by: null,
        decided_at: null,
        created_at: at(i + k, HISTORY.charges),
      }));
      await trx.insertInto('charges').values(rows).execute();
    }
  });
  // Statistics and the visibility map (index-only scans) as autovacuum keeps them in a live
  // PostgreSQL store; SQLite's planner statistics as a periodic ANALYZE would.
  await sql.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
}
