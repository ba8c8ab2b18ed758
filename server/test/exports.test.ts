import { work } from '../src/kernel/unit-of-work';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { makeProduct } from './orders-fixtures';
import { credit, debit } from '../src/modules/wallet/ledger';
import * as XLSX from 'xlsx';

let t: TestApp;
let op: TestUser;
let alice: TestUser;
let bob: TestUser;
let productId: number;

async function order(
  user: TestUser,
  o: { status: 'pending' | 'success' | 'cancel'; price: number; at: string; data?: string },
) {
  const row = await t.db
    .insertInto('orders')
    .values({
      user_id: user.id,
      product_id: productId,
      product_name: 'شدات, "ببجي"',
      status: o.status,
      price: o.price,
      price_syr: 0,
      price_tr: 0,
      quantity: 1,
      data: o.data ?? '5123',
      data2: null,
      secret: 'sealed',
      phone: null,
      note: null,
      api: 0,
      message: null,
      cancel_msg: null,
      idempotency_key: null,
      created_at: o.at,
      updated_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await setupApp();
  op = await t.createUser({ role: 'operator' });
  alice = await t.createUser();
  bob = await t.createUser();
  const p = { id: await makeProduct(t.db, 'شدات') };
  productId = p.id;
});
afterAll(async () => {
  await t.close();
});

async function download(path: string) {
  const res = await t.request({ method: 'GET', url: `${ADMIN}/exports/${path}`, token: op.token });
  return { res, rows: res.statusCode === 200 ? (parse(res.body.replace(/^\uFEFF/, '')) as string[][]) : [] };
}

describe('GET /exports/orders.csv', () => {
  it(
    'sends UTF-8 CSV with a BOM, Arabic headers, quoted text and no ' +
      'secrets, for the chosen days in the chosen zone',
    async () => {
      const a = await order(alice, {
        status: 'success',
        price: 9_500_000,
        at: '2026-10-01T21:30:00.000Z',
        data: '=HYPERLINK("x")',
      }); // 2 Oct in UTC+3
      await order(bob, { status: 'cancel', price: 1_000_000, at: '2026-10-02T20:59:59.000Z' });
      await order(alice, { status: 'pending', price: 2_000_000, at: '2026-10-02T21:00:00.000Z' }); // 3 Oct in UTC+3
      await order(alice, { status: 'success', price: 3_000_000, at: '2026-10-01T20:59:00.000Z' }); // 1 Oct in UTC+3

      const { res, rows } = await download('orders.csv?from=2026-10-02&to=2026-10-02&tz=180');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-10-02_2026-10-02.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(rows[0]).toEqual([
        'رقم الطلب',
        'التاريخ (UTC+03:00)',
        'التاريخ (ISO)',
        'الحالة',
        'الحالة (رمز)',
        'رقم العميل',
        'بريد العميل',
        'اسم العميل',
        'رقم المتجر',
        'رقم المنتج',
        'المنتج',
        'الكمية',
        'السعر (USD)',
        'سعر المزود (USD)',
        'الهامش (USD)',
        'السعر (SYP)',
        'معرّف اللاعب',
        'الهاتف',
        'آخر تحديث (UTC+03:00)',
      ]);
      // An order from before storefront prices (no provider_price) was charged the provider's price.
      const cells = (r: string[]) => [0, 1, 2, 3, 4, 6, 8, 10, 12, 13, 14, 16, 18].map((i) => r[i]);
      expect(rows.slice(1).map(cells)).toEqual([
        [
          String(a),
          '2026-10-02 00:30:00',
          '2026-10-01T21:30:00.000Z',
          'مقبول',
          'success',
          alice.email,
          '1',
          'شدات, "ببجي"',
          '9.50',
          '9.50',
          '0.00',
          `'=HYPERLINK("x")`,
          '2026-10-02 00:30:00',
        ],
        [
          expect.any(String),
          '2026-10-02 23:59:59',
          '2026-10-02T20:59:59.000Z',
          'ملغي',
          'cancel',
          bob.email,
          '1',
          'شدات, "ببجي"',
          '1.00',
          '1.00',
          '0.00',
          '5123',
          '2026-10-02 23:59:59',
        ],
      ]);
      expect(res.body).not.toContain('sealed');
    },
  );

  it('filters by status and customer, and records the export in the audit log', async () => {
    const { rows } = await download(`orders.csv?from=2026-09-01&to=2026-10-31&status=success&user_id=${alice.id}`);
    expect(rows.slice(1).map((r) => [r[4], r[5]])).toEqual([
      ['success', String(alice.id)],
      ['success', String(alice.id)],
    ]);
    const logged = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'export.orders')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged.actor_id).toBe(op.id);
    expect(JSON.parse(logged.after!)).toMatchObject({ status: 'success', user_id: alice.id, from: '2026-09-01' });
  });

  it.each([
    ['orders.csv?from=2026-10-05&to=2026-10-01', 'from'],
    ['orders.csv?status=lost', 'status'],
    ['topups.csv?user_id=abc', 'user_id'],
    ['ledger.csv?to=yesterday', 'to'],
  ])('refuses %s with 422 and an Arabic message by field', async (path, field) => {
    const { res } = await download(path);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    expect(res.json().errors[field]).toBeDefined();
  });

  it('is for operators only', async () => {
    const res = await t.request({ method: 'GET', url: `${ADMIN}/exports/orders.csv`, token: alice.token });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /exports/topups.csv and /exports/ledger.csv', () => {
  it(
    'lists top-ups with their transfer reference and duplicate ' + 'link, and the ledger with running balances',
    async () => {
      const bank = await t.db
        .insertInto('banks')
        .values({ name: 'بنك الشام', img: null, info: '', iban: 'SY', sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const today = new Date().toISOString();
      const first = await t.db
        .insertInto('charges')
        .values({
          user_id: bob.id,
          bank_id: bank.id,
          amount: 25_000_000,
          img_key: 'k',
          status: 'success',
          reason: null,
          decided_by: op.id,
          decided_at: today,
          created_at: today,
          transfer_ref: 'TRX-4455',
          transfer_ref_key: 'TRX4455',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('charges')
        .values({
          user_id: alice.id,
          bank_id: bank.id,
          amount: 25_000_000,
          img_key: 'k2',
          status: 'cancel',
          reason: 'إشعار مكرر',
          decided_by: op.id,
          decided_at: today,
          created_at: today,
          transfer_ref: 'trx 4455',
          transfer_ref_key: 'TRX4455',
          duplicate_of: first.id,
        })
        .execute();
      const topups = (await download('topups.csv')).rows;
      // References as each customer typed them; statuses in Arabic beside the machine value.
      expect(topups.slice(1).map((r) => [r[3], r[4], r[6], r[8], r[9], r[10], r[11], r[12]])).toEqual([
        ['تم الشحن', 'success', bob.email, 'بنك الشام', '25.00', 'TRX-4455', '', ''],
        ['ملغي', 'cancel', alice.email, 'بنك الشام', '25.00', 'trx 4455', String(first.id), 'إشعار مكرر'],
      ]);

      await work(t.db, async (trx) => {
        await credit(trx, bob.id, 25_000_000, 'شحن رصيد', { type: 'charge', id: first.id });
        await debit(trx, bob.id, 9_500_000, 'شراء', { type: 'order', id: 1 });
      });
      const { rows } = await download(`ledger.csv?user_id=${bob.id}`);
      expect(rows[0]).toEqual([
        'رقم الحركة',
        'التاريخ (UTC)',
        'التاريخ (ISO)',
        'رقم العميل',
        'بريد العميل',
        'دائن (USD)',
        'مدين (USD)',
        'الرصيد بعدها (USD)',
        'البيان',
        'نوع المرجع',
        'رقم المرجع',
      ]);
      expect(rows.slice(1).map((r) => [r[5], r[6], r[7], r[8], r[9]])).toEqual([
        ['25.00', '0.00', '25.00', 'شحن رصيد', 'charge'],
        ['0.00', '9.50', '15.50', 'شراء', 'order'],
      ]);
    },
  );
});

describe('an export read back by a spreadsheet library', () => {
  it.each([
    [180, '2026-11-05', [2026, 10, 5, 2, 15, 30]],
    [-300, '2026-11-04', [2026, 10, 4, 18, 15, 30]],
  ] as const)('gives local dates as dates (tz %i) and Arabic statuses beside machine values', async (tz, day, [
    y,
    mo,
    d,
    h,
    mi,
    s,
  ]) => {
    const at = '2026-11-04T23:15:30.123Z';
    const id = await order(bob, { status: 'success', price: 4_000_000, at });
    const res = await t.request({
      method: 'GET',
      url: `${ADMIN}/exports/orders.csv?from=${day}&to=${day}&tz=${tz}&user_id=${bob.id}`,
      token: op.token,
    });
    expect(res.statusCode).toBe(200);
    // As a spreadsheet opens the download: the bytes, BOM and all, with dates recognised.
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellDates: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const table = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
    const row = table.find((r) => r['رقم الطلب'] === id)!;
    const local = row[`التاريخ (${tz === 180 ? 'UTC+03:00' : 'UTC-05:00'})`];
    expect(local).toBeInstanceOf(Date);
    const date = local as Date;
    // The wall-clock time in the operator's zone, read the way the spreadsheet shows it.
    expect([
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ]).toEqual([y, mo, d, h, mi, s]);
    expect(row['الحالة']).toBe('مقبول');
    expect(row['الحالة (رمز)']).toBe('success');
    // The machines' column keeps the instant, to the millisecond.
    const iso = row['التاريخ (ISO)'];
    expect(iso instanceof Date ? iso.toISOString() : iso).toBe(at);
  });
});
