import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/kernel/time';
import { work } from '../src/kernel/unit-of-work';
import { type CodeKey, pickCodes, sellableUpToExpr, stockFloor } from '../src/modules/fulfilment';
import { addCodes } from '../src/modules/fulfilment/stock-service';
import { setupApp, type TestApp, testEngine } from './helper';

/**
 * A store sells its codes oldest first, so after a year the first ids of a product are all sold.
 * A sale must still read only codes it can sell: PostgreSQL walked the primary key and filtered
 * out every sold code before the first available one (4-5 ms a sale after 8,000, growing).
 */
type PlanNode = {
  'Node Type': string;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

let t: TestApp;
let productId: number;
const SOLD = 2_000;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  const product = await t.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow();
  productId = product.id;
  const at = now();
  for (let i = 0; i < SOLD + 500; i += 500) {
    await t.db
      .insertInto('product_codes')
      .values(
        Array.from({ length: 500 }, (_, k) => ({
          product_id: productId,
          code_enc: `sealed-${i + k}`,
          code_hash: `hash-${i + k}`,
          serial_enc: null,
          expires_at: null,
          status: 'available' as const,
          created_at: at,
        })),
      )
      .execute();
  }
  // The statistics of a full stock, then the sales: the planner's picture lags behind them.
  await sql`analyze`.execute(t.db);
  const first = await t.db
    .selectFrom('product_codes')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('id')
    .limit(SOLD)
    .execute();
  await t.db
    .updateTable('product_codes')
    .set({ status: 'sold', sold_at: at })
    .where(
      'id',
      'in',
      first.map((r) => r.id),
    )
    .execute();
});
afterAll(() => t.close());

describe('a sale from code stock after many sales', () => {
  it('reads the codes it can sell, not the ones sold before', async () => {
    const at = now();
    const pick = pickCodes(t.db, productId, 1, at).compile();
    const count = t.db.selectNoFrom(sellableUpToExpr(productId, 11, at).as('n')).compile();
    const picked = await t.db.executeQuery<{ id: number }>(pick);
    expect(picked.rows).toHaveLength(1);
    if (t.engine === 'postgres') {
      for (const q of [pick, count]) {
        const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          CompiledQuery.raw(`explain (analyze, format json) ${q.sql}`, [...q.parameters]),
        );
        const plan = nodes(rows[0]!['QUERY PLAN'][0].Plan);
        // Neither passing sold codes nor sorting all available ones to find the first.
        expect(plan.reduce((s, n) => s + (n['Rows Removed by Filter'] ?? 0), 0)).toBeLessThan(10);
        expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
      }
    } else {
      for (const q of [pick, count]) {
        const { rows } = await t.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
        );
        // A SEARCH through an index on the product, never a SCAN of the table.
        expect(rows.map((r) => r.detail).join('\n')).toMatch(/SEARCH product_codes USING (COVERING )?INDEX/);
        expect(rows.map((r) => r.detail).join('\n')).not.toMatch(/SCAN product_codes|TEMP B-TREE/);
      }
    }
  });
});

/** The floor a sale of this store uses, once the read the first call starts has come back. */
async function floorOf(id: number): Promise<CodeKey> {
  for (let i = 0; i < 300 && stockFloor(t.db, id).at === ''; i++) await new Promise((r) => setTimeout(r, 10));
  return stockFloor(t.db, id);
}

describe('a sale from code stock, from where the sellable codes begin', () => {
  it.runIf(testEngine === 'postgres')('does not step over the index entries the codes sold before left', async () => {
    const at = now();
    const floor = await floorOf(productId);
    expect(floor.at).not.toBe('');
    // No vacuum has run: the sold codes' entries are still in the index of available codes.
    const pagesRead = async (from?: CodeKey) => {
      const q = pickCodes(t.db, productId, 1, at, from).compile();
      const { rows } = await t.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        CompiledQuery.raw(`explain (analyze, buffers, format json) ${q.sql}`, [...q.parameters]),
      );
      const top = rows[0]!['QUERY PLAN'][0].Plan;
      return (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
    };
    const fromTheStart = await pagesRead();
    const fromTheFloor = await pagesRead(floor);
    expect(fromTheFloor).toBeLessThan(8);
    expect(fromTheStart).toBeGreaterThan(2 * fromTheFloor);
  });

  it('still sells a code stamped before the floor, the last one left, and then says the stock ran out', async () => {
    const source = await t.db
      .selectFrom('products')
      .selectAll()
      .where('delivery', '=', 'manual')
      .where('type', '=', 'id')
      .where('free', '=', 0)
      .where('available', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = source;
    const { id } = await t.db
      .insertInto('products')
      .values({ ...copy, name: 'بطاقة الأرضية', delivery: 'stock', low_stock_threshold: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const operator = await t.createUser({ role: 'operator' });
    const stock = (codes: string[]) =>
      work(t.db, (trx) =>
        addCodes(
          trx,
          t.app.sealer,
          operator.id,
          id,
          codes.map((code, i) => ({ line: i + 1, code, serial: null, expiresAt: null })),
        ),
      );
    const buyer = await t.createUser({ balance: 100 * Number(source.price) });
    const buy = () =>
      t.request({
        method: 'POST',
        url: '/public/api/v1/orders-create-fixed',
        token: buyer.token,
        payload: { productId: id, playerId: '123456789' },
      });

    await stock(['FLOOR-A', 'FLOOR-B']);
    expect((await buy()).json().data.order.codes).toEqual(['FLOOR-A']);
    expect((await floorOf(id)).at).not.toBe('');
    // Another server, its clock behind, uploads a code stamped before every code here.
    await stock(['FLOOR-EARLY']);
    await t.db
      .updateTable('product_codes')
      .set({ created_at: '2000-01-01T00:00:00.000Z' })
      .where('product_id', '=', id)
      .where('status', '=', 'available')
      .where('created_at', '>', (await floorOf(id)).at)
      .execute();
    const sold = [(await buy()).json().data.order.codes[0], (await buy()).json().data.order.codes[0]];
    expect(sold.sort()).toEqual(['FLOOR-B', 'FLOOR-EARLY']);
    expect((await buy()).json()).toMatchObject({ status: 'error', code: 'out_of_stock', msg: 'نفدت الكمية' });
  });
});
