import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { work } from '../src/kernel/unit-of-work';
import { userOrderPageIds } from '../src/modules/orders/repository';
import { chargeHistoryQuery } from '../src/modules/queues/repository';
import { openAndAcceptedOrdersTotal } from '../src/modules/wallet/repository';
import { chainBreaksQuery, userTotalsQuery } from '../src/modules/wallet/verify-queries';
import { setupApp, type TestApp } from './helper';

/**
 * On a store of 1,000,000 orders a reseller's 14,000 orders and top-up requests sit on as many
 * table pages; these reads must come from the customer's index alone (bench/scale.ts).
 * PostgreSQL is asked with sequential and bitmap scans off, so a test's few rows do not make
 * reading the whole table the cheaper plan.
 */
async function plan(t: TestApp, query: Compilable | CompiledQuery): Promise<string> {
  const q = 'compile' in query ? query.compile() : query;
  if (t.engine === 'sqlite') {
    const r = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    );
    return r.rows.map((row) => row.detail).join('\n');
  }
  return work(t.db, async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]),
    );
    return r.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

const fromIndexAlone = (t: TestApp, index: string) =>
  new RegExp(t.engine === 'sqlite' ? `COVERING INDEX ${index}\\b` : `Index Only Scan (Backward )?using ${index} `);

describe('a customer history read from one index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sums the orders of the balance screen', async () => {
    expect(await plan(t, openAndAcceptedOrdersTotal(t.db, 7))).toMatch(fromIndexAlone(t, 'orders_user'));
  });

  it('finds the ids of a page of a search in the orders', async () => {
    const filter = { status: 'success' as const, search: '123456' };
    const page = userOrderPageIds(t.db, 7, filter, { limit: 11, offset: 0, before: undefined });
    expect(await plan(t, page)).toMatch(fromIndexAlone(t, 'orders_user'));
  });

  it("counts the customer's earlier top-up requests for a request's flags", async () => {
    const charge = {
      id: 9,
      user_id: 7,
      amount: 5_000_000,
      created_at: '2026-11-26T10:00:00.000Z',
      duplicate_of: null,
      img_sha256: null,
      transfer_ref: null,
      transfer_ref_key: null,
    };
    const history = chargeHistoryQuery(t.db, charge, '2026-11-26T09:00:00.000Z');
    expect(await plan(t, history)).toMatch(fromIndexAlone(t, 'charges_user_history'));
  });

  it("sums each customer's ledger and runs their balance for ledger:verify", async () => {
    expect(await plan(t, userTotalsQuery(t.db))).toMatch(fromIndexAlone(t, 'ledger_user'));
    expect(await plan(t, chainBreaksQuery(10).compile(t.db))).toMatch(fromIndexAlone(t, 'ledger_user'));
  });
});
