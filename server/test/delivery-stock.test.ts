import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/modules/wallet/verify';
import { setupApp, type TestApp, type TestUser, testEngine } from './helper';
import { ADMIN, balanceOf, makeCatalog, multipart, PUBLIC } from './operator-fixtures';

let t: TestApp;
let op: TestUser;
let departmentId: number;

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  departmentId = (await makeCatalog(t, op)).department.id;
});
afterAll(async () => {
  await t.close();
});

async function stockProduct(fields: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: op.token,
    payload: {
      department_id: departmentId,
      name: 'بطاقة جوجل بلاي 10$',
      price: '1.00',
      type: 'code',
      delivery: 'stock',
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product.id;
}

const addCodes = (productId: number, codes: string[]) =>
  t.request({ method: 'POST', url: `${ADMIN}/products/${productId}/codes`, token: op.token, payload: { codes } });

const buyCode = (token: string, productId: number) =>
  t.request({ method: 'POST', url: `${PUBLIC}/orders-create-code`, token, payload: { product_id: productId } });

describe(`code stock (${testEngine})`, () => {
  it('adds codes, counts duplicates already stocked or repeated in the upload, and stores each once', async () => {
    const id = await stockProduct();
    const first = await addCodes(id, ['AAAA-1111', 'BBBB-2222', '', '  ', 'AAAA-1111']);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ added: 2, duplicates: 1, stock: { available: 2, sold: 0 } });
    const second = await addCodes(id, ['BBBB-2222', 'CCCC-3333']);
    expect(second.json().data).toEqual({ added: 1, duplicates: 1, stock: { available: 3, sold: 0 } });
    const rows = await t.db.selectFrom('product_codes').select('id').where('product_id', '=', id).execute();
    expect(rows).toHaveLength(3);
  });

  it('reads a text or CSV file with serials and expiry dates', async () => {
    const id = await stockProduct();
    const csv = 'CODE-ONE,PIN-1111\r\n\r\nCODE-TWO,PIN-2222,2099-01-01\nCODE-OLD,,2001-01-01\n';
    const body = multipart({ file: { file: Buffer.from(`\uFEFF${csv}`), name: 'codes.csv', type: 'text/csv' } });
    const res = await t.request({ method: 'POST', url: `${ADMIN}/products/${id}/codes`, token: op.token, ...body });
    expect(res.statusCode, res.body).toBe(200);
    // The expired code is stored but not sellable.
    expect(res.json().data).toEqual({ added: 3, duplicates: 0, stock: { available: 2, sold: 0 } });
    const list = (
      await t.request({ method: 'GET', url: `${ADMIN}/products/${id}/codes?status=all`, token: op.token })
    ).json().data;
    expect(list.codes.map((c: { code: string; serial: string | null }) => [c.code, c.serial])).toEqual([
      ['••••-ONE', '••••1111'],
      ['••••-TWO', '••••2222'],
      ['••••-OLD', null],
    ]);
  });

  it('refuses the whole upload naming the line of a code too long or with control characters', async () => {
    const id = await stockProduct();
    const long = await addCodes(id, ['OK-1', 'x'.repeat(501), 'OK-3']);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({
      status: 'error',
      msg: 'السطر 2: الكود أطول من 500 حرف',
      errors: { codes: ['السطر 2: الكود أطول من 500 حرف'] },
    });
    const control = await addCodes(id, ['OK-1', 'OK-2', 'BAD\u0007CODE']);
    expect(control.statusCode).toBe(422);
    expect(control.json().msg).toBe('السطر 3: الكود يحتوي على رموز غير مسموحة');
    const empty = await addCodes(id, ['', ' ']);
    expect(empty.json().msg).toBe('يرجى إدخال كود واحد على الأقل');
    const rows = await t.db.selectFrom('product_codes').select('id').where('product_id', '=', id).execute();
    expect(rows).toHaveLength(0);
  });

  it(
    'sells a code at once: the order is accepted with the code, in the ' + 'reply, the list, the detail and the notice',
    async () => {
      const id = await stockProduct({ price: '2.50' });
      await addCodes(id, ['GIFT-0001-ABCD', 'GIFT-0002-EFGH']);
      const buyer = await t.createUser({ balance: 10_000_000 });
      const res = await buyCode(buyer.token, id);
      expect(res.statusCode).toBe(201);
      const { order, user } = res.json().data;
      expect(order).toMatchObject({
        status: 'success',
        delivery: 'stock',
        codes: ['GIFT-0001-ABCD'],
        message: 'GIFT-0001-ABCD',
        api: false,
      });
      expect(user.balance).toBe('7.50');
      const detail = (
        await t.request({ method: 'GET', url: `${PUBLIC}/orders/${order.id}`, token: buyer.token })
      ).json().data.order;
      expect(detail.codes).toEqual(['GIFT-0001-ABCD']);
      const listed = (await t.request({ method: 'GET', url: `${PUBLIC}/orders`, token: buyer.token })).json().data
        .orders[0];
      expect(listed.codes).toEqual(['GIFT-0001-ABCD']);
      const notice = (await t.request({ method: 'GET', url: `${PUBLIC}/notifications`, token: buyer.token })).json()
        .data.notifications[0];
      expect(notice).toMatchObject({ title: 'تم تسليم طلبك', order_id: order.id, codes: ['GIFT-0001-ABCD'] });
      // The operator sees the code masked, and which order it went to.
      const adminOrder = (
        await t.request({ method: 'GET', url: `${ADMIN}/orders?status=all&search=%23${order.id}`, token: op.token })
      ).json().data.orders[0];
      expect(adminOrder.codes).toEqual(['••••ABCD']);
      expect(adminOrder.fulfilment).toMatchObject({ delivery: 'stock', state: null });
      const sold = (
        await t.request({ method: 'GET', url: `${ADMIN}/products/${id}/codes?status=sold`, token: op.token })
      ).json().data;
      expect(sold.codes).toMatchObject([{ code: '••••ABCD', status: 'sold', order_id: order.id }]);
      expect(sold.stock).toEqual({ available: 1, sold: 1 });
    },
  );

  it('a delivered order cannot be cancelled by its customer', async () => {
    const id = await stockProduct();
    await addCodes(id, ['NOCANCEL-1']);
    const buyer = await t.createUser({ balance: 5_000_000 });
    const order = (await buyCode(buyer.token, id)).json().data.order;
    const cancel = await t.request({ method: 'POST', url: `${PUBLIC}/orders/${order.id}/cancel`, token: buyer.token });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().msg).toBe('لا يمكن إلغاء طلب تم قبوله');
    expect(await balanceOf(t, buyer.id)).toBe(4_000_000);
  });

  it('a free-quantity product takes one code per unit', async () => {
    const id = await stockProduct({ type: 'id', free: true, min: 1, max: 10, unit_price: '0.50', price: '0' });
    await addCodes(id, ['Q-1', 'Q-2', 'Q-3', 'Q-4']);
    const buyer = await t.createUser({ balance: 5_000_000 });
    const res = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-free`,
      token: buyer.token,
      payload: { player_id: '123456', product_id: id, qty: '3' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.order).toMatchObject({
      status: 'success',
      quantity: 3,
      price: '1.50',
      codes: ['Q-1', 'Q-2', 'Q-3'],
    });
    const tooMany = await t.request({
      method: 'POST',
      url: `${PUBLIC}/orders-create-free`,
      token: buyer.token,
      payload: { player_id: '123456', product_id: id, qty: '2' },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().msg).toBe('نفدت الكمية');
    expect(await balanceOf(t, buyer.id)).toBe(3_500_000);
  });

  it(
    '50 buyers race for 10 codes: 10 accepted with 10 distinct codes, 40 refused with their ' +
      'balance kept [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const id = await stockProduct({ price: '1.00' });
      const codes = Array.from({ length: 10 }, (_, i) => `RACE-${String(i).padStart(4, '0')}`);
      await addCodes(id, codes);
      const buyers = await Promise.all(Array.from({ length: 50 }, () => t.createUser({ balance: 3_000_000 })));
      const replies = await Promise.all(buyers.map((b) => buyCode(b.token, id)));
      const ok = replies.filter((r) => r.statusCode === 201);
      const refused = replies.filter((r) => r.statusCode === 422);
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const r of refused) expect(r.json().msg).toBe('نفدت الكمية');
      const delivered = ok.map((r) => r.json().data.order.codes[0]);
      expect(new Set(delivered).size).toBe(10);
      expect([...delivered].sort()).toEqual(codes);
      const balances = await Promise.all(buyers.map((b) => balanceOf(t, b.id)));
      expect(balances.filter((b) => b === 2_000_000)).toHaveLength(10);
      expect(balances.filter((b) => b === 3_000_000)).toHaveLength(40);
      const orders = await t.db.selectFrom('orders').select('id').where('product_id', '=', id).execute();
      expect(orders).toHaveLength(10);
      expect((await verifyLedger(t.db)).ok).toBe(true);
    },
  );

  it('out of stock: the storefront says so and a purchase is refused without touching the balance', async () => {
    const id = await stockProduct();
    const product = async () =>
      (await t.request({ method: 'GET', url: `${PUBLIC}/products/${id}` })).json().data.product;
    expect((await product()).in_stock).toBe(false);
    const buyer = await t.createUser({ balance: 5_000_000 });
    const res = await buyCode(buyer.token, id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 'error', msg: 'نفدت الكمية' });
    expect(await balanceOf(t, buyer.id)).toBe(5_000_000);
    await addCodes(id, ['LAST-ONE']);
    expect((await product()).in_stock).toBe(true);
    expect((await buyCode(buyer.token, id)).statusCode).toBe(201);
    // The sale of the last code shows at once, not after the catalog cache expires.
    expect((await product()).in_stock).toBe(false);
  });

  it('tells the operators once when a product falls to its threshold, and again after a restock', async () => {
    const id = await stockProduct({ low_stock_threshold: 2, name: 'بطاقة آيتونز' });
    await addCodes(id, ['L-1', 'L-2', 'L-3', 'L-4']);
    const buyer = await t.createUser({ balance: 10_000_000 });
    const notices = async () =>
      (
        await t.db
          .selectFrom('notifications')
          .select('msg')
          .where('user_id', '=', op.id)
          .where('msg', 'like', '%آيتونز%')
          .execute()
      ).length;
    await buyCode(buyer.token, id);
    expect(await notices()).toBe(0);
    await buyCode(buyer.token, id);
    expect(await notices()).toBe(1);
    await buyCode(buyer.token, id);
    expect(await notices()).toBe(1);
    const stats = (await t.request({ method: 'GET', url: `${ADMIN}/stats`, token: op.token })).json().data.stats;
    expect(stats.low_stock_products).toBeGreaterThanOrEqual(1);
    await addCodes(id, ['L-5', 'L-6', 'L-7']);
    await buyCode(buyer.token, id);
    await buyCode(buyer.token, id);
    expect(await notices()).toBe(2);
  });

  it('removes an unsold code, refuses a sold one with 409, and 404s a code of another product', async () => {
    const id = await stockProduct();
    await addCodes(id, ['DEL-1', 'DEL-2']);
    const [a, b] = (await t.request({ method: 'GET', url: `${ADMIN}/products/${id}/codes`, token: op.token })).json()
      .data.codes;
    const buyer = await t.createUser({ balance: 5_000_000 });
    await buyCode(buyer.token, id);
    const sold = await t.request({ method: 'DELETE', url: `${ADMIN}/products/${id}/codes/${a.id}`, token: op.token });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().msg).toBe('لا يمكن حذف كود تم بيعه');
    expect(
      (await t.request({ method: 'DELETE', url: `${ADMIN}/products/${id}/codes/${b.id}`, token: op.token })).statusCode,
    ).toBe(200);
    const other = await stockProduct();
    expect(
      (await t.request({ method: 'DELETE', url: `${ADMIN}/products/${other}/codes/${a.id}`, token: op.token }))
        .statusCode,
    ).toBe(404);
    const customer = await t.request({ method: 'GET', url: `${ADMIN}/products/${id}/codes`, token: buyer.token });
    expect(customer.statusCode).toBe(403);
  });

  it('keeps codes unreadable at rest: not in the database, nor in the audit log', async () => {
    const id = await stockProduct();
    const secret = 'SECRET-CODE-7Q9Z-XW42';
    await addCodes(id, [`${secret},PIN-PLAIN-5555`]);
    const buyer = await t.createUser({ balance: 5_000_000 });
    expect((await buyCode(buyer.token, id)).json().data.order.codes).toEqual([`${secret} / PIN-PLAIN-5555`]);
    const tables = ['product_codes', 'orders', 'notifications', 'audit_log', 'ledger'] as const;
    for (const table of tables) {
      const rows = await t.db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      expect(text, table).not.toContain(secret);
      expect(text, table).not.toContain('PIN-PLAIN-5555');
    }
    if (t.engine === 'sqlite') {
      // The file itself (and its write-ahead log), as a copy of the disk would show it.
      const files = readdirSync(t.dataDir).filter((f) => f.startsWith('raseed.sqlite'));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(readFileSync(path.join(t.dataDir, f)).includes(Buffer.from(secret))).toBe(false);
    }
  });
});
