import { work } from '../src/kernel/unit-of-work';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRange } from '../src/modules/dashboard/date-range';
import { orderBatch } from '../src/modules/exports/repository';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { makeProduct } from './orders-fixtures';

// A collectable heap is what "flat memory" is about, so garbage must not count: ask V8 for gc().
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const live = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const MiB = 2 ** 20;
const ROWS = 100_000;

let t: TestApp;
let op: TestUser;
let baseUrl: string;

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  const customer = await t.createUser();
  const p = { id: await makeProduct(t.db, 'شدات') };
  const start = Date.parse('2026-06-01T00:00:00Z');
  await work(t.db, async (trx) => {
    for (let i = 0; i < ROWS; i += 1_000) {
      const rows = Array.from({ length: 1_000 }, (_, k) => {
        const at = new Date(start + (i + k) * 60_000).toISOString();
        return {
          user_id: customer.id,
          product_id: p.id,
          product_name: `منتج رقم ${(i + k) % 97} للعبة ببجي موبايل`,
          status: 'success' as const,
          price: 1_500_000,
          price_syr: 0,
          price_tr: 0,
          quantity: 1,
          data: `51234${i + k}`,
          data2: null,
          secret: null,
          phone: '+963900000000',
          note: null,
          api: 0,
          message: null,
          cancel_msg: null,
          idempotency_key: null,
          created_at: at,
          updated_at: at,
        };
      });
      await trx.insertInto('orders').values(rows).execute();
    }
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

describe('streamed export', () => {
  it('sends 100,000 orders while the live heap stays flat', { timeout: 180_000 }, async () => {
    const query = { from: '2026-05-01', to: '2026-09-30', tz: 0 };
    const before = live();
    const res = await fetch(`${baseUrl}${ADMIN}/exports/orders.csv?from=${query.from}&to=${query.to}`, {
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(res.status).toBe(200);
    let lines = 0;
    let bytes = 0;
    let chunks = 0;
    let peak = 0;
    let last = '';
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
      last = Buffer.from(chunk).toString('utf8');
      if (++chunks % 40 === 0) peak = Math.max(peak, live() - before);
    }
    expect(lines).toBe(ROWS + 1);
    expect(last.trimEnd().split('\r\n').at(-1)).toMatch(
      /^\d+,2026-08-09 10:39:00,2026-08-09T10:39:00\.000Z,مقبول,success,/,
    );

    // What holding the same rows at once costs, measured the same way, for scale.
    const baseline = live();
    const all = await orderBatch(t.db, readRange(query), { status: 'all' }, null, ROWS * 2);
    const whole = live() - baseline;
    expect(all).toHaveLength(ROWS);

    process.stdout.write(
      `export: ${(bytes / MiB).toFixed(1)} MiB in ${chunks} chunks, live heap peak ` +
        `+${(peak / MiB).toFixed(1)} MiB; all rows at once +${(whole / MiB).toFixed(1)} MiB\n`,
    );
    expect(bytes).toBeGreaterThan(10 * MiB);
    expect(peak).toBeLessThan(16 * MiB);
    expect(peak).toBeLessThan(whole / 4);
  });
});
