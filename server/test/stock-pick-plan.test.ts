import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/kernel/time';
import { pickCodes, sellableUpToExpr } from '../src/modules/fulfilment';
import { setupApp, type TestApp } from './helper';

/**
 * A store sells its codes oldest first, so after a year the first ids of a product are all sold.
 * A sale must still read only codes it can sell: PostgreSQL walked the primary key and filtered
 * out every sold code before the first available one (4-5 ms a sale after 8,000, growing).
 */
type PlanNode = { 'Node Type': string; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] };
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
