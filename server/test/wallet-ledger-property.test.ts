import { work } from '../src/kernel/unit-of-work';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/database';
import { acceptOrder, decideCancelRequest, holdOrder, rejectOrder } from '../src/modules/queues/decide';
import { credit } from '../src/modules/wallet/ledger';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser } from './helper';
import { balanceOf, makeProduct, placeTestOrder } from './orders-fixtures';

let t: TestApp;
let operator: TestUser;
let productId: number;

beforeAll(async () => {
  t = await setupApp();
  operator = await t.createUser({ role: 'operator' });
  productId = await makeProduct(t.db);
});
afterAll(async () => {
  await t.close();
});

type Status = 'pending' | 'success' | 'cancel' | 'request_cancel' | 'wait';
type ModelOrder = { id: number; user: number; price: number; status: Status };

const op = fc.oneof(
  fc.record({ kind: fc.constant('place' as const), user: fc.nat(2), price: fc.integer({ min: 1, max: 40_000_000 }) }),
  fc.record({ kind: fc.constant('topup' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 20_000_000 }) }),
  fc.record({
    kind: fc.constantFrom(
      'cancel' as const,
      'racingCancel' as const,
      'accept' as const,
      'reject' as const,
      'hold' as const,
      'approve' as const,
      'deny' as const,
    ),
    order: fc.nat(50),
  }),
);

/** What each step should do to the order, by its status now; undefined: refused, nothing changes. */
const next: Record<string, Partial<Record<Status, { to: Status; refund: boolean }>>> = {
  cancel: { pending: { to: 'cancel', refund: true }, wait: { to: 'request_cancel', refund: false } },
  racingCancel: { pending: { to: 'cancel', refund: true }, wait: { to: 'request_cancel', refund: false } },
  accept: { pending: { to: 'success', refund: false }, wait: { to: 'success', refund: false } },
  reject: {
    pending: { to: 'cancel', refund: true },
    wait: { to: 'cancel', refund: true },
    request_cancel: { to: 'cancel', refund: true },
  },
  hold: { pending: { to: 'wait', refund: false } },
  approve: { request_cancel: { to: 'cancel', refund: true } },
  deny: { request_cancel: { to: 'wait', refund: false } },
};

describe('the ledger stays the truth under any sequence of orders, cancels, decisions and credits', () => {
  it('ledger:verify passes and every balance matches a simple model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
        const users = await Promise.all([0, 1, 2].map(() => t.createUser({ balance: 50_000_000 })));
        const balances = users.map(() => 50_000_000);
        const orders: ModelOrder[] = [];
        const by = { actorId: operator.id };
        const run = <T>(fn: (trx: DB) => Promise<T>) => work(t.db, fn);
        const cancel = (o: ModelOrder) =>
          t.request({ method: 'POST', url: `/public/api/v1/orders/${o.id}/cancel`, token: users[o.user]!.token });

        for (const step of ops) {
          if (step.kind === 'place') {
            const placed = await placeTestOrder(t.db, users[step.user]!.id, { productId, price: step.price }).catch(
              () => null,
            );
            expect(placed !== null).toBe(step.price <= balances[step.user]!);
            if (placed) {
              balances[step.user]! -= step.price;
              orders.push({ id: placed.id, user: step.user, price: step.price, status: 'pending' });
            }
            continue;
          }
          if (step.kind === 'topup') {
            await run((trx) => credit(trx, users[step.user]!.id, step.amount, 'إيداع', { type: 'adjust', id: null }));
            balances[step.user]! += step.amount;
            continue;
          }
          const o = orders[step.order % Math.max(orders.length, 1)];
          if (!o) continue;
          const expected = next[step.kind]![o.status];
          let ok: boolean;
          if (step.kind === 'cancel') ok = (await cancel(o)).statusCode === 200;
          else if (step.kind === 'racingCancel')
            ok = (await Promise.all([cancel(o), cancel(o)])).filter((r) => r.statusCode === 200).length === 1;
          else {
            const decisions = {
              accept: (trx: DB) => acceptOrder(trx, o.id, by),
              reject: (trx: DB) => rejectOrder(trx, o.id, by),
              hold: (trx: DB) => holdOrder(trx, o.id, by),
              approve: (trx: DB) => decideCancelRequest(trx, o.id, { ...by, approve: true }),
              deny: (trx: DB) => decideCancelRequest(trx, o.id, { ...by, approve: false }),
            };
            ok = await run(decisions[step.kind]).then(
              () => true,
              () => false,
            );
          }
          expect(ok).toBe(expected !== undefined);
          if (expected) {
            o.status = expected.to;
            if (expected.refund) balances[o.user]! += o.price;
          }
        }

        const report = await verifyLedger(t.db);
        expect(report.drifts).toEqual([]);
        expect(report.refundIssues).toEqual([]);
        for (const [i, u] of users.entries()) expect(await balanceOf(t.db, u.id)).toBe(balances[i]);
        const stored = await t.db
          .selectFrom('orders')
          .select(['id', 'status'])
          .where(
            'user_id',
            'in',
            users.map((u) => u.id),
          )
          .execute();
        expect(new Map(stored.map((s) => [s.id, s.status]))).toEqual(new Map(orders.map((o) => [o.id, o.status])));
      }),
      { numRuns: 25 },
    );
  });
});
