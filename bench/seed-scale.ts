import path from 'node:path';
import { migrateToLatest } from '../server/src/db/migrate';
import { randomToken, sha256 } from '../server/src/kernel/crypto';
import { inFuture, now } from '../server/src/kernel/time';
import { work } from '../server/src/kernel/unit-of-work';
import { hashPassword } from '../server/src/modules/accounts/passwords';
import { lockUntil, summarize } from '../server/src/modules/dashboard/summary-queries';
import { FIRST_CUSTOMER_ID, generate, OPERATOR_ID, type PlanFacts, RESELLERS, type ScaleSize } from './lib/scale-plan';
import { type BulkWriter, postgresWriter, sqliteWriter } from './lib/scale-writers';
import type { BenchDb } from './lib/store';
import { seedCatalog } from './seed-large';

/** A customer the bench signs in as, with a search that finds their oldest order. */
export type ScaleCustomer = { id: number; token: string; search: string; orders: number; ledgerRows: number };

export type ScaleStore = {
  operator: { id: number; token: string };
  /** Customers drawn evenly from all of them: most have a handful of orders. */
  sample: ScaleCustomer[];
  /** The biggest account (a reseller with about 1% of all orders and ledger rows). */
  largest: ScaleCustomer;
  /** What an operator looks up: an old order's player id, one customer's e-mail. */
  operatorSearch: { playerId: string; email: string };
};

const SAMPLE = 200;

/** Migrations, the catalog, then the generated store bulk-loaded. */
export async function seedScale(bdb: BenchDb, size: ScaleSize, log: (s: string) => void): Promise<PlanFacts> {
  const h = await bdb.open();
  let productIds: number[];
  let bankId: number;
  try {
    await migrateToLatest(h.db);
    productIds = (await seedCatalog(h.db)).productIds;
    bankId = (
      await h.db
        .insertInto('banks')
        .values({ name: 'بنك القياس', img: null, info: '', iban: 'SY00', sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } finally {
    await h.close();
  }
  const writer: BulkWriter =
    bdb.engine === 'sqlite'
      ? sqliteWriter(path.join(bdb.dataDir, 'raseed.sqlite'))
      : await postgresWriter(bdb.databaseUrl);
  const passwordHash = await hashPassword('bench-password');
  const t0 = performance.now();
  const facts = await generate(size, { productIds, bankId, passwordHash, nowMs: Date.now() }, writer.sink);
  log(`  rows written in ${((performance.now() - t0) / 1000).toFixed(0)} s; indexes and statistics`);
  await writer.finish();
  // The dashboard's summaries of everything before their horizon, as the migration would have
  // counted them had the rows been there (the load bypassed the triggers that keep them).
  const s = await bdb.open();
  try {
    await work(s.db, async (trx) => {
      for (const table of [
        'orders_by_hour',
        'numbers_by_hour',
        'charges_by_hour',
        'customers_by_hour',
        'sales_by_product_day',
      ] as const)
        await trx.deleteFrom(table).execute();
      await summarize(trx, '', await lockUntil(trx));
    });
  } finally {
    await s.close();
  }
  return facts;
}

/** Sessions for the operator, the largest account and SAMPLE customers drawn evenly, and what they search. */
export async function signIn(bdb: BenchDb, size: ScaleSize): Promise<ScaleStore> {
  const h = await bdb.open();
  try {
    let seed = 7;
    const pick = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return FIRST_CUSTOMER_ID + RESELLERS + Math.floor((seed / 2 ** 32) * (size.customers - RESELLERS));
    };
    const ids = [...new Set(Array.from({ length: SAMPLE }, pick))];
    const tokens = new Map([OPERATOR_ID, FIRST_CUSTOMER_ID, ...ids].map((id) => [id, randomToken(24)]));
    const t = now();
    const expires = inFuture(86_400_000);
    await h.db
      .insertInto('sessions')
      .values(
        [...tokens].map(([id, token]) => ({
          user_id: id,
          token_hash: sha256(token),
          device_token: null,
          created_at: t,
          expires_at: expires,
          revoked_at: null,
        })),
      )
      .execute();
    const customer = async (id: number): Promise<ScaleCustomer> => {
      const [oldest, orders, ledger] = await Promise.all([
        h.db.selectFrom('orders').select('data').where('user_id', '=', id).orderBy('id').limit(1).executeTakeFirst(),
        h.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow(),
        h.db
          .selectFrom('ledger')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        id,
        token: tokens.get(id)!,
        // A customer without orders searches anyway, and finds none.
        search: oldest?.data ?? '987654321',
        orders: Number(orders.n),
        ledgerRows: Number(ledger.n),
      };
    };
    const sample: ScaleCustomer[] = [];
    for (const id of ids) sample.push(await customer(id));
    const old = await h.db
      .selectFrom('orders')
      .select('data')
      .where('id', '=', Math.floor(size.orders / 3))
      .executeTakeFirstOrThrow();
    return {
      operator: { id: OPERATOR_ID, token: tokens.get(OPERATOR_ID)! },
      sample,
      largest: await customer(FIRST_CUSTOMER_ID),
      operatorSearch: { playerId: old.data!, email: `scale-${ids[0]! - FIRST_CUSTOMER_ID + 1}@bench.local` },
    };
  } finally {
    await h.close();
  }
}
