import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import {
  chargeCount,
  firstBankId,
  jpegFixture,
  makePng,
  pngReceipt,
  storedReceipts,
  uploadCharge,
  webpFixture,
} from './topup-fixtures';

const arabic = /[\u0600-\u06FF]/;
let t: TestApp;
let customer: TestUser;
let bankId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  customer = await t.createUser();
  bankId = await firstBankId(t);
});
afterAll(async () => {
  await t.close();
});

describe('GET /banks', () => {
  it('asks a guest to sign in', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/banks' });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(arabic);
  });

  it('lists the payment methods at data.banks with name, image, info and IBAN', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/banks', token: customer.token });
    expect(res.statusCode).toBe(200);
    const { banks } = res.json().data;
    expect(banks).toHaveLength(2);
    expect(banks[0]).toEqual({
      id: bankId,
      name: 'بنك البركة',
      img: 'http://localhost:80/media/demo/bank-1.svg',
      info: expect.stringMatching(arabic),
      iban: 'SY21 0021 0000 0000 1234 5678 90',
      holder: 'شركة رصيد للتجارة الإلكترونية',
      currency: 'USD',
      rate: '1.00',
    });
    expect(banks[1]).toMatchObject({ currency: 'TRY', rate: '42.50' });
    expect(res.json().data.upload_max_bytes).toBe(t.config.uploadMaxBytes);
  });
});

describe('POST /banks accepts a real receipt', () => {
  it.each([
    ['PNG', pngReceipt(), 'png'],
    ['JPEG', { filename: 'receipt.jpg', type: 'image/jpeg', body: jpegFixture }, 'jpg'],
    ['WebP', { filename: 'receipt.webp', type: 'image/webp', body: webpFixture }, 'webp'],
    [
      'JPEG sent with a wrong name and type',
      { filename: 'scan.pdf', type: 'application/pdf', body: jpegFixture },
      'jpg',
    ],
  ])('%s: a pending charge and one file under a random name', async (_name, file, ext) => {
    const user = await t.createUser();
    const before = storedReceipts(t);
    const res = await uploadCharge(t, user.token, { amount: '25.50', bank_id: bankId, file });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      msg: 'تم إرسال طلبك بنجاح',
      data: { charge: { bank: 'بنك البركة', amount: '25.50', status: 'pending', currency: 'USD', rate: '1.00' } },
    });
    const added = storedReceipts(t).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));

    const list = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: user.token });
    const [charge] = list.json().data.charges;
    expect(charge).toMatchObject({ bank: 'بنك البركة', amount: '25.50', status: 'pending' });
    expect(charge.img).toMatch(
      new RegExp(`^http://localhost:80/public/api/v1/receipts/${added[0]!.replace('.', '\\.')}\\?expires=\\d+&sig=`),
    );
  });

  it('reads Arabic-Indic digits as the amount', async () => {
    const user = await t.createUser();
    const res = await uploadCharge(t, user.token, { amount: '١٥٠٫٥', bank_id: bankId, file: pngReceipt() });
    expect(res.statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: user.token });
    expect(list.json().data.charges[0].amount).toBe('150.50');
  });

  it('takes uploads sent at the same moment, each with its own file and row', async () => {
    const user = await t.createUser();
    const before = await chargeCount(t);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        uploadCharge(t, user.token, {
          amount: `${n}0`,
          bank_id: bankId,
          file: pngReceipt(makePng(8, 8, [n * 40, 0, 0])),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await chargeCount(t)).toBe(before + 5);
    const list = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: user.token });
    const charges = list.json().data.charges;
    expect(charges.map((c: { amount: string }) => c.amount).sort()).toEqual([
      '10.00',
      '20.00',
      '30.00',
      '40.00',
      '50.00',
    ]);
    expect(new Set(charges.map((c: { img: string }) => c.img.split('?')[0])).size).toBe(5);
  });
});

describe('POST /banks refuses bad requests and leaves nothing behind', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
  );
  const cases: Array<{
    name: string;
    amount?: string;
    bank?: 'known' | 'unknown' | 'none';
    file?: { filename: string; type: string; body: Buffer };
    status: number;
    field: string;
    msg: RegExp;
  }> = [
    {
      name: 'a text file renamed .png',
      file: {
        filename: 'receipt.png',
        type: 'image/png',
        body: Buffer.from('this is only text, not a picture\n'.repeat(20)),
      },
      status: 422,
      field: 'img',
      msg: /JPEG أو PNG أو WebP/,
    },
    {
      name: 'an SVG',
      file: { filename: 'receipt.svg', type: 'image/svg+xml', body: svg },
      status: 422,
      field: 'img',
      msg: /JPEG أو PNG أو WebP/,
    },
    {
      name: 'a GIF',
      file: {
        filename: 'r.gif',
        type: 'image/gif',
        body: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      },
      status: 422,
      field: 'img',
      msg: /JPEG أو PNG أو WebP/,
    },
    {
      name: 'a PNG cut short',
      file: pngReceipt(makePng().subarray(0, 60)),
      status: 422,
      field: 'img',
      msg: /تعذّرت قراءة/,
    },
    {
      name: 'an empty file',
      file: { filename: 'r.png', type: 'image/png', body: Buffer.alloc(0) },
      status: 422,
      field: 'img',
      msg: /يرجى اختيار صورة الإشعار/,
    },
    { name: 'no image', status: 422, field: 'img', msg: /يرجى اختيار صورة الإشعار/ },
    {
      name: 'an oversized file',
      file: pngReceipt(Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024)])),
      status: 413,
      field: 'img',
      msg: /أكبر من الحد المسموح \(5 ميغابايت\)/,
    },
    { name: 'amount 0', amount: '0', status: 422, field: 'amount', msg: /^يرجى إدخال المبلغ$/ },
    { name: 'a negative amount', amount: '-10', status: 422, field: 'amount', msg: /^يرجى إدخال المبلغ$/ },
    { name: 'a non-numeric amount', amount: 'مئة', status: 422, field: 'amount', msg: /بالأرقام/ },
    { name: 'an amount in exponent form', amount: '1e3', status: 422, field: 'amount', msg: /بالأرقام/ },
    { name: 'three decimals', amount: '10.125', status: 422, field: 'amount', msg: /بخانتين عشريتين/ },
    {
      name: 'an amount over the maximum',
      amount: '10000.01',
      status: 422,
      field: 'amount',
      msg: /الحد الأقصى لمبلغ الشحن هو 10,000.00 \$/,
    },
    {
      name: 'an amount longer than any field allows',
      amount: '1'.repeat(40),
      status: 422,
      field: 'amount',
      msg: arabic,
    },
    { name: 'an unknown bank', bank: 'unknown', status: 422, field: 'bank_id', msg: /طريقة الدفع المختارة غير موجودة/ },
    { name: 'no bank', bank: 'none', status: 422, field: 'bank_id', msg: /يرجى اختيار طريقة الدفع/ },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const [files, rows] = [storedReceipts(t), await chargeCount(t)];
      const bank = c.bank === 'unknown' ? 999_999 : c.bank === 'none' ? undefined : bankId;
      const file = c.name === 'no image' ? undefined : (c.file ?? pngReceipt());
      const res = await uploadCharge(t, customer.token, {
        amount: c.amount ?? '25',
        ...(bank !== undefined ? { bank_id: bank } : {}),
        ...(file ? { file } : {}),
      });
      expect(res.statusCode).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const body = res.json();
      expect(body.status).toBe('error');
      expect(body.msg).toMatch(arabic);
      expect(body.errors?.[c.field]?.[0]).toMatch(c.msg);
      expect(storedReceipts(t)).toEqual(files);
      expect(await chargeCount(t)).toBe(rows);
    });
  }

  it('names every field at fault at once: no image and amount 0', async () => {
    const res = await uploadCharge(t, customer.token, { amount: '0', bank_id: bankId });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ amount: ['يرجى إدخال المبلغ'], img: ['يرجى اختيار صورة الإشعار'] });
  });

  it('refuses a guest before reading anything', async () => {
    const files = storedReceipts(t);
    const res = await uploadCharge(t, '', { amount: '5', bank_id: bankId, file: pngReceipt() });
    expect(res.statusCode).toBe(401);
    expect(storedReceipts(t)).toEqual(files);
  });

  it('stops a customer with 10 requests waiting for review', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++)
      expect((await uploadCharge(t, user.token, { amount: '1', bank_id: bankId, file: pngReceipt() })).statusCode).toBe(
        200,
      );
    const files = storedReceipts(t);
    const res = await uploadCharge(t, user.token, { amount: '1', bank_id: bankId, file: pngReceipt() });
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toMatch(/قيد المراجعة/);
    expect(storedReceipts(t)).toEqual(files);
  });
});
