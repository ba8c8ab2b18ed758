import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../src/modules/wallet/ledger';
import { setupApp, type TestApp, type TestUser } from './helper';

const API = '/public/api/v1';
const USD = 1_000_000;
const arabic = /[\u0600-\u06FF]/;

let t: TestApp;
const product: Record<string, number> = {};

beforeAll(async () => {
  t = await setupApp({ seed: true });
  for (const r of await t.db.selectFrom('products').select(['id', 'name']).execute()) product[r.name] = r.id;
});
afterAll(async () => {
  await t.close();
});

function post(path: string, user: TestUser, payload: object, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: `${API}/${path}`, token: user.token, payload, headers });
}

/** What a customer's money and purchases look like in the database right now. */
async function books(userId: number) {
  const user = await t.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  const orders = await t.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const ledger = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return { balance: user.balance, orders, ledger };
}

describe('POST /orders-create-fixed', () => {
  it('charges the product price, writes the ledger row and replies with the order and the user', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const res = await post('orders-create-fixed', u, {
      playerId: '5123456789',
      playerName: 'Falcon',
      productId: product['660 شدة'],
      info: 'بسرعة لو سمحت',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.msg).toBe('تم إرسال الطلب بنجاح');
    expect(body.data.order).toMatchObject({
      status: 'pending',
      price: '9.50',
      quantity: 1,
      data: '5123456789',
      api: false,
      product: { id: product['660 شدة'], name: '660 شدة' },
    });
    expect(body.data.user.balance).toBe('10.50');
    const b = await books(u.id);
    expect(b.balance).toBe(10_500_000);
    expect(b.orders).toHaveLength(1);
    expect(b.orders[0]).toMatchObject({
      price: 9_500_000,
      price_syr: 134_000 * USD,
      price_tr: 316 * USD,
      data2: 'Falcon',
      note: 'بسرعة لو سمحت',
      secret: null,
    });
    expect(b.ledger.at(-1)).toMatchObject({
      debit: 9_500_000,
      credit: 0,
      balance_after: 10_500_000,
      info: 'شراء: 660 شدة',
      ref_type: 'order',
      ref_id: body.data.order.id,
    });
  });

  it('ignores a price, quantity or total sent by the client', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const res = await post('orders-create-fixed', u, {
      playerId: '77777',
      productId: product['660 شدة'],
      price: '0.01',
      qty: 50,
      total: '0.16',
      currency: 'SYP',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ price: '9.50', quantity: 1 });
    expect((await books(u.id)).balance).toBe(10_500_000);
  });

  it('accepts the form as urlencoded data, as the web form sends it', async () => {
    const u = await t.createUser({ balance: 5 * USD });
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders-create-fixed`,
      token: u.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        playerId: '88888',
        playerName: '',
        productId: String(product['60 شدة']),
        info: '',
      }).toString(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.balance).toBe('4.01');
    expect((await books(u.id)).orders[0]).toMatchObject({ data2: null, note: null });
  });

  it('keeps the password of an account order encrypted and out of every reply', async () => {
    const u = await t.createUser({ balance: 10 * USD });
    const res = await post('orders-create-fixed', u, {
      playerId: 'me@mail.test',
      playerName: 's3cret-pass',
      productId: product['اشتراك شهري بريميوم'],
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).not.toContain('s3cret-pass');
    const [row] = (await books(u.id)).orders;
    expect(row!.data).toBe('me@mail.test');
    expect(row!.data2).toBeNull();
    expect(row!.secret).not.toContain('s3cret-pass');
    expect(t.config.sealer.open(row!.secret!)).toBe('s3cret-pass');
  });
});

describe('POST /orders-create-free', () => {
  it('charges unit price × quantity and snapshots the TRY and SYP totals', async () => {
    const u = await t.createUser({ balance: 5 * USD });
    const res = await post('orders-create-free', u, {
      player_id: '5123456789',
      player_name: '',
      product_id: product['شدات بالعدد'],
      qty: '200',
      note: 'x',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ price: '3.00', quantity: 200 });
    expect(res.json().data.user.balance).toBe('2.00');
    expect((await books(u.id)).orders[0]).toMatchObject({
      price: 3 * USD,
      price_tr: 100 * USD,
      price_syr: 42_200 * USD,
      note: 'x',
    });
  });

  it('accepts multipart form data', async () => {
    const u = await t.createUser({ balance: 5 * USD });
    const boundary = '----raseed';
    const fields = { player_id: '5123456789', product_id: String(product['شدات بالعدد']), qty: '100' };
    const payload = `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('')}--${boundary}--\r\n`;
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders-create-free`,
      token: u.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ price: '1.50', quantity: 100 });
  });
});

describe('POST /orders-create-code', () => {
  it('always buys exactly one code, whatever qty says', async () => {
    const u = await t.createUser({ balance: 30 * USD });
    const res = await post('orders-create-code', u, { product_id: product['بطاقة 10$'], qty: 5 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toMatchObject({ price: '10.80', quantity: 1, data: null });
    expect((await books(u.id)).balance).toBe(19_200_000);
  });
});

describe('every refusal is a 422 with an Arabic msg and changes nothing', () => {
  const cases: Array<{
    name: string;
    path: string;
    payload: () => object;
    code: string;
    msg?: string;
    field?: string;
    balance?: number;
  }> = [
    {
      name: 'insufficient balance',
      code: 'insufficient_balance',
      path: 'orders-create-code',
      payload: () => ({ product_id: product['بطاقة 25$'] }),
      msg: 'رصيدك غير كافٍ لإتمام هذه العملية',
    },
    {
      name: 'balance short by one cent',
      code: 'insufficient_balance',
      path: 'orders-create-fixed',
      payload: () => ({ playerId: '55555', productId: product['660 شدة'] }),
      balance: 9_490_000,
      msg: 'رصيدك غير كافٍ لإتمام هذه العملية',
    },
    {
      name: 'unavailable product',
      code: 'product_unavailable',
      path: 'orders-create-fixed',
      payload: () => ({ playerId: '55555', productId: product['1800 شدة'] }),
      msg: 'المنتج غير متوفر حالياً',
    },
    {
      name: 'product in an unavailable category',
      code: 'product_unavailable',
      path: 'orders-create-fixed',
      payload: () => ({ playerId: '55555', productId: product['1000 في باكس'] }),
      msg: 'المنتج غير متوفر حالياً',
    },
    {
      name: 'unknown product',
      code: 'validation_failed',
      path: 'orders-create-fixed',
      payload: () => ({ playerId: '55555', productId: 999999 }),
      field: 'productId',
    },
    {
      name: 'missing player id',
      code: 'validation_failed',
      path: 'orders-create-fixed',
      payload: () => ({ productId: product['660 شدة'] }),
      msg: 'يرجى إدخال رقم اللاعب',
      field: 'playerId',
    },
    {
      name: 'blank player id',
      code: 'validation_failed',
      path: 'orders-create-free',
      payload: () => ({ player_id: '   ', product_id: product['شدات بالعدد'], qty: 100 }),
      msg: 'يرجى إدخال رقم اللاعب',
      field: 'player_id',
    },
    {
      name: 'quantity below min',
      code: 'validation_failed',
      path: 'orders-create-free',
      payload: () => ({ player_id: '55555', product_id: product['شدات بالعدد'], qty: 99 }),
      msg: 'يرجى اختيار الكمية بين 100 و 5000',
      field: 'qty',
    },
    {
      name: 'quantity above max',
      code: 'validation_failed',
      path: 'orders-create-free',
      payload: () => ({ player_id: '55555', product_id: product['شدات بالعدد'], qty: '5001' }),
      msg: 'يرجى اختيار الكمية بين 100 و 5000',
      field: 'qty',
    },
    {
      name: 'quantity not digits',
      code: 'validation_failed',
      path: 'orders-create-free',
      payload: () => ({ player_id: '55555', product_id: product['شدات بالعدد'], qty: '1e3' }),
      field: 'qty',
    },
    {
      name: 'negative quantity',
      code: 'validation_failed',
      path: 'orders-create-free',
      payload: () => ({ player_id: '55555', product_id: product['شدات بالعدد'], qty: -200 }),
      field: 'qty',
    },
    {
      name: 'free product through the fixed form',
      code: 'product_unavailable',
      path: 'orders-create-fixed',
      payload: () => ({ playerId: '55555', productId: product['شدات بالعدد'] }),
      msg: 'لا يمكن طلب هذا المنتج بهذه الطريقة',
    },
    {
      name: 'fixed product through the code form',
      code: 'product_unavailable',
      path: 'orders-create-code',
      payload: () => ({ product_id: product['660 شدة'] }),
      msg: 'لا يمكن طلب هذا المنتج بهذه الطريقة',
    },
    {
      name: 'code product through the free form',
      code: 'product_unavailable',
      path: 'orders-create-free',
      payload: () => ({ player_id: '5', product_id: product['بطاقة 10$'], qty: 1 }),
      msg: 'لا يمكن طلب هذا المنتج بهذه الطريقة',
    },
    {
      name: 'player id longer than the column',
      code: 'validation_failed',
      path: 'orders-create-fixed',
      payload: () => ({ playerId: '9'.repeat(301), productId: product['660 شدة'] }),
      field: 'playerId',
    },
    {
      name: 'note longer than the column',
      code: 'validation_failed',
      path: 'orders-create-free',
      payload: () => ({ player_id: '55555', product_id: product['شدات بالعدد'], qty: 100, note: 'ن'.repeat(1001) }),
      field: 'note',
    },
    {
      name: 'product id not a number',
      code: 'validation_failed',
      path: 'orders-create-code',
      payload: () => ({ product_id: 'abc' }),
      field: 'product_id',
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const u = await t.createUser({ balance: c.balance ?? 20 * USD });
      const before = await books(u.id);
      const res = await post(c.path, u, c.payload());
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.status).toBe('error');
      expect(body.code).toBe(c.code);
      expect(body.msg).toMatch(arabic);
      if (c.msg) expect(body.msg).toBe(c.msg);
      if (c.field) expect(body.errors?.[c.field]?.[0]).toMatch(arabic);
      expect(await books(u.id)).toEqual(before);
    });
  }

  it('a guest cannot order', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/orders-create-code`,
      payload: { product_id: product['بطاقة 10$'] },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthorized');
    expect(res.json().msg).toMatch(arabic);
  });
});

describe('Idempotency-Key', () => {
  it('a repeat with the same key returns the first order and charges once', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const payload = { playerId: '5123456789', productId: product['660 شدة'] };
    const first = await post('orders-create-fixed', u, payload, { 'idempotency-key': 'click-1' });
    const second = await post('orders-create-fixed', u, payload, { 'idempotency-key': 'click-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.order).toEqual(first.json().data.order);
    expect(second.json().data.user.balance).toBe('10.50');
    const third = await post('orders-create-fixed', u, payload, { 'idempotency-key': 'click-2' });
    expect(third.statusCode).toBe(201);
    expect(third.json().data.order.id).not.toBe(first.json().data.order.id);
    const b = await books(u.id);
    expect(b.orders).toHaveLength(2);
    expect(b.ledger.filter((r) => r.debit > 0)).toHaveLength(2);
    expect(b.balance).toBe(1_000_000);
  });

  it('keys belong to one customer: another customer with the same key gets their own order', async () => {
    const a = await t.createUser({ balance: 2 * USD });
    const b = await t.createUser({ balance: 2 * USD });
    const ra = await post(
      'orders-create-fixed',
      a,
      { playerId: '55555', productId: product['60 شدة'] },
      { 'idempotency-key': 'same' },
    );
    const rb = await post(
      'orders-create-fixed',
      b,
      { playerId: '55555', productId: product['60 شدة'] },
      { 'idempotency-key': 'same' },
    );
    expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
    expect(ra.json().data.order.id).not.toBe(rb.json().data.order.id);
  });

  it('a refused attempt leaves the key free for a retry', async () => {
    const u = await t.createUser({ balance: 1 * USD });
    const refused = await post(
      'orders-create-code',
      u,
      { product_id: product['آيتونز 5$'] },
      { 'idempotency-key': 'retry' },
    );
    expect(refused.statusCode).toBe(422);
    await work(t.db, (trx) => credit(trx, u.id, 5 * USD, 'شحن', { type: 'adjust', id: null }));
    const retried = await post(
      'orders-create-code',
      u,
      { product_id: product['آيتونز 5$'] },
      { 'idempotency-key': 'retry' },
    );
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.user.balance).toBe('0.40');
  });

  it('rejects a key longer than 100 characters', async () => {
    const u = await t.createUser({ balance: 20 * USD });
    const res = await post(
      'orders-create-code',
      u,
      { product_id: product['بطاقة 10$'] },
      { 'idempotency-key': 'k'.repeat(101) },
    );
    expect(res.statusCode).toBe(422);
    expect((await books(u.id)).orders).toHaveLength(0);
  });

  it(
    'ten simultaneous requests with one key make exactly one order and all get it ' +
      'back [a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const u = await t.createUser({ balance: 50 * USD });
      const replies = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('orders-create-code', u, { product_id: product['بطاقة 10$'] }, { 'idempotency-key': 'double-click' }),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(replies.map((r) => r.json().data.order.id));
      expect(ids.size).toBe(1);
      const b = await books(u.id);
      expect(b.orders).toHaveLength(1);
      expect(b.balance).toBe(39_200_000);
    },
  );
});

describe('the order keeps what was charged', () => {
  it('a later price change does not alter a placed order', async () => {
    const u = await t.createUser({ balance: 10 * USD });
    const res = await post('orders-create-code', u, { product_id: product['آيتونز 5$'] });
    await t.db
      .updateTable('products')
      .set({ price: 9 * USD, price_tr: 300 * USD })
      .where('id', '=', product['آيتونز 5$']!)
      .execute();
    const [row] = (await books(u.id)).orders;
    expect(row).toMatchObject({
      id: res.json().data.order.id,
      price: 5_600_000,
      price_tr: 186 * USD,
      price_syr: 79_000 * USD,
    });
  });
});
