import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

const API = '/public/api/v1';

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  productId = (await t.db.selectFrom('products').select('id').where('name', '=', '60 شدة').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await t.close();
});

describe(`no double spend (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'SQLite'})`, () => {
  it(
    '50 simultaneous orders against a balance that covers 10 make exactly 10 ' +
      'orders [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      // 60 UC costs 0.99; 9.90 pays for exactly ten.
      const u = await t.createUser({ balance: 9_900_000 });
      const started = performance.now();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.request({
            method: 'POST',
            url: `${API}/orders-create-fixed`,
            token: u.token,
            payload: { playerId: `5000${i}`, productId },
          }),
        ),
      );
      const elapsed = performance.now() - started;
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 422)).toHaveLength(40);
      for (const r of replies.filter((x) => x.statusCode === 422))
        expect(r.json().msg).toBe('رصيدك غير كافٍ لإتمام هذه العملية');

      const user = await t.db.selectFrom('users').select('balance').where('id', '=', u.id).executeTakeFirstOrThrow();
      const orders = await t.db.selectFrom('orders').select('id').where('user_id', '=', u.id).execute();
      const ledger = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
      const debits = ledger.filter((r) => r.debit > 0);
      expect(user.balance).toBe(0);
      expect(orders).toHaveLength(10);
      expect(debits).toHaveLength(10);
      expect(new Set(debits.map((d) => d.ref_id))).toEqual(new Set(orders.map((o) => o.id)));
      // The running balance never went below zero and the ledger sums to the balance.
      expect(ledger.every((r) => r.balance_after >= 0)).toBe(true);
      expect(ledger.reduce((s, r) => s + r.credit - r.debit, 0)).toBe(user.balance);
      console.info(`[${t.engine}] 50 concurrent orders in ${elapsed.toFixed(0)} ms`);
    },
  );
});
