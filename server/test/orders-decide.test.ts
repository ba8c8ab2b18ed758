import { work } from '../src/kernel/unit-of-work';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/database';
import { acceptOrder, decideCancelRequest, holdOrder, rejectOrder } from '../src/modules/queues/decide';
import { cancelOrder } from '../src/modules/orders/service';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser } from './helper';
import { balanceOf, makeProduct, placeTestOrder, refundRows } from './orders-fixtures';

let t: TestApp;
let customer: TestUser;
let operator: TestUser;
let productId: number;
const by = () => ({ actorId: operator.id });

beforeAll(async () => {
  t = await setupApp();
  customer = await t.createUser({ balance: 300_000_000 });
  operator = await t.createUser({ role: 'operator' });
  productId = await makeProduct(t.db, 'Free Fire 100');
});
afterEach(async () => {
  expect((await verifyLedger(t.db)).ok).toBe(true);
});
afterAll(async () => {
  await t.close();
});

function run<T>(fn: (trx: DB) => Promise<T>): Promise<T> {
  return work(t.db, fn);
}

async function notices(userId: number) {
  return t.db
    .selectFrom('notifications')
    .select(['title', 'msg'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}

async function expectRefused(p: Promise<unknown>, status: number, msg: string) {
  await expect(p).rejects.toMatchObject({ status, message: msg });
}

describe('operator decisions on an order', () => {
  it('accepts a pending order with a message, tells the customer and audits it', async () => {
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 2_500_000, name: 'Free Fire 100' });
    const balance = await balanceOf(t.db, customer.id);
    const done = await run((trx) => acceptOrder(trx, order.id, { ...by(), message: 'الكود: ABCD-1234' }));
    expect(done).toMatchObject({ id: order.id, status: 'success', message: 'الكود: ABCD-1234' });
    expect(await balanceOf(t.db, customer.id)).toBe(balance);
    expect((await notices(customer.id))[0]).toEqual({
      title: 'تم قبول طلبك',
      msg: `تم قبول طلبك #${order.id} (Free Fire 100).\nالكود: ABCD-1234`,
    });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', order.id).execute();
    expect(audit).toMatchObject([{ actor_id: operator.id, action: 'order.accept', entity: 'order' }]);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ status: 'pending' });

    await expectRefused(
      run((trx) => acceptOrder(trx, order.id, by())),
      422,
      'لم يعد هذا الإجراء متاحاً، فقد تغيرت حالة الطلب',
    );
    await expectRefused(
      run((trx) => rejectOrder(trx, order.id, by())),
      422,
      'لم يعد هذا الإجراء متاحاً، فقد تغيرت حالة الطلب',
    );
    expect(await refundRows(t.db, order.id)).toHaveLength(0);
  });

  it('rejects with a reason and refunds the price in the same transaction', async () => {
    const start = await balanceOf(t.db, customer.id);
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 9_990_000 });
    const done = await run((trx) => rejectOrder(trx, order.id, { ...by(), cancelMsg: 'رقم اللاعب غير صحيح' }));
    expect(done).toMatchObject({ status: 'cancel', cancel_msg: 'رقم اللاعب غير صحيح' });
    expect(await balanceOf(t.db, customer.id)).toBe(start);
    expect((await refundRows(t.db, order.id)).map((r) => r.credit)).toEqual([9_990_000]);
    expect((await notices(customer.id))[0]!.title).toBe('تم رفض طلبك');
  });

  it('puts an order on hold, then approves the customer’s cancel request with a refund', async () => {
    const start = await balanceOf(t.db, customer.id);
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 4_000_000 });
    expect((await run((trx) => holdOrder(trx, order.id, { ...by(), message: 'جارٍ التنفيذ' }))).status).toBe('wait');
    expect((await run((trx) => cancelOrder(trx, customer.id, order.id))).status).toBe('request_cancel');
    expect(await balanceOf(t.db, customer.id)).toBe(start - 4_000_000);
    const done = await run((trx) => decideCancelRequest(trx, order.id, { ...by(), approve: true }));
    expect(done.status).toBe('cancel');
    expect(await balanceOf(t.db, customer.id)).toBe(start);
    expect((await notices(customer.id))[0]!.title).toBe('تمت الموافقة على إلغاء طلبك');
    await expectRefused(
      run((trx) => decideCancelRequest(trx, order.id, { ...by(), approve: true })),
      422,
      'لم يعد هذا الإجراء متاحاً، فقد تغيرت حالة الطلب',
    );
    expect(await refundRows(t.db, order.id)).toHaveLength(1);
  });

  it('denies a cancel request: the order goes back to wait and can still be accepted', async () => {
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    await run((trx) => holdOrder(trx, order.id, by()));
    await run((trx) => cancelOrder(trx, customer.id, order.id));
    const denied = await run((trx) =>
      decideCancelRequest(trx, order.id, { ...by(), approve: false, message: 'تم التنفيذ قبل طلب الإلغاء' }),
    );
    expect(denied).toMatchObject({ status: 'wait', message: 'تم التنفيذ قبل طلب الإلغاء' });
    expect((await notices(customer.id))[0]!.title).toBe('تم رفض طلب الإلغاء');
    expect((await run((trx) => acceptOrder(trx, order.id, by()))).status).toBe('success');
    expect(await refundRows(t.db, order.id)).toHaveLength(0);
  });

  it('a decision that fails leaves nothing behind: no notification, no audit row', async () => {
    const order = await placeTestOrder(t.db, customer.id, { productId, price: 1_000_000 });
    const before = (await notices(customer.id)).length;
    await expectRefused(
      run((trx) => decideCancelRequest(trx, order.id, { ...by(), approve: true })),
      422,
      'لم يعد هذا الإجراء متاحاً، فقد تغيرت حالة الطلب',
    );
    await expect(run((trx) => acceptOrder(trx, order.id, { ...by(), message: 'x'.repeat(501) }))).rejects.toMatchObject(
      { status: 422, errors: { message: ['النص أطول من المسموح به (500 حرف)'] } },
    );
    await expectRefused(
      run((trx) => acceptOrder(trx, 987_654, by())),
      404,
      'الطلب غير موجود',
    );
    expect(await notices(customer.id)).toHaveLength(before);
    expect(await t.db.selectFrom('audit_log').selectAll().where('entity_id', '=', order.id).execute()).toEqual([]);
  });

  it(
    'two operators rejecting the same order at once refund it once [a ' +
      'race on PostgreSQL; SQLite serialises writers]',
    async () => {
      for (let round = 0; round < 5; round++) {
        const start = await balanceOf(t.db, customer.id);
        const order = await placeTestOrder(t.db, customer.id, { productId, price: 6_000_000 });
        const results = await Promise.allSettled([
          run((trx) => rejectOrder(trx, order.id, { ...by(), cancelMsg: 'أ' })),
          run((trx) => rejectOrder(trx, order.id, { ...by(), cancelMsg: 'ب' })),
          run((trx) => acceptOrder(trx, order.id, by())),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const final = await t.db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
        expect(await refundRows(t.db, order.id)).toHaveLength(final.status === 'cancel' ? 1 : 0);
        expect(await balanceOf(t.db, customer.id)).toBe(final.status === 'cancel' ? start : start - 6_000_000);
      }
    },
  );
});
