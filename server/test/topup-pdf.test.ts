import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';
import { renderPdfFirstPage, scanPdfBytes } from '../src/modules/media/pdf-receipt';
import { makePdf, pdfReceipt, RECEIPT_CONTENT } from './pdf-fixtures';
import { chargeCount, firstBankId, makePng, storedReceipts, uploadCharge } from './topup-fixtures';

let t: TestApp;
let bankId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  bankId = await firstBankId(t);
});
afterAll(async () => {
  await t.close();
});

async function receiptBytes(token: string) {
  const list = await t.request({ method: 'GET', url: '/public/api/v1/charges', token });
  const url = new URL(list.json().data.charges[0].img, 'http://x');
  return t.request({ method: 'GET', url: `${url.pathname}${url.search}` });
}

describe('PDF receipts', () => {
  it('a bank app PDF is accepted and its first page becomes the receipt image (JPEG)', async () => {
    const user = await t.createUser();
    const before = storedReceipts(t);
    const res = await uploadCharge(t, user.token, { amount: '12', bank_id: bankId, file: pdfReceipt() });
    expect(res.statusCode, res.body).toBe(200);
    const added = storedReceipts(t).filter((f) => !before.includes(f));
    expect(added).toEqual([expect.stringMatching(/^[a-f0-9]{32}\.jpg$/)]);

    const image = await receiptBytes(user.token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    // A4 at 2000 px on its long side (pdftoppm rounds the page's edge outwards: 1413.3 → 1414).
    expect([meta.format, meta.height, meta.width]).toEqual(['jpeg', 2000, Math.ceil((595 * 2000) / 842)]);
    // The blue box drawn at (60..360, 600..720) pt from the bottom is blue in the picture.
    const scale = 2000 / 842;
    const { data } = await sharp(image.rawPayload)
      .extract({ left: Math.round(200 * scale), top: Math.round((842 - 660) * scale), width: 4, height: 4 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150);
    expect(data[0]).toBeLessThan(60);
  });

  it.each([
    [
      'eleven pages',
      makePdf({ pages: 11 }),
      'ملف PDF يحتوي صفحات كثيرة، يرجى إرسال الإشعار وحده (10 صفحات على الأكثر)',
    ],
    [
      'a script run on opening, over an empty page',
      makePdf({ javascript: true, content: ' ' }),
      'ملف PDF يحتوي على برمجيات (JavaScript) فلا يمكن قبوله، يرجى إرسال صورة للإشعار',
    ],
    [
      'an image declared 30000 × 30000 (a decompression bomb)',
      makePdf({ image: { width: 30_000, height: 30_000 } }),
      'أبعاد صورة الإشعار كبيرة جداً، يرجى إرسال صورة أصغر (40 ميغابكسل على الأكثر)',
    ],
    [
      'a page 200 inches wide',
      makePdf({ size: [14_400, 842] }),
      'أبعاد صفحة ملف PDF غير معتادة لإشعار تحويل، يرجى إرسال صورة للإشعار',
    ],
    [
      'an empty first page',
      makePdf({ content: ' ' }),
      'الصفحة الأولى من ملف PDF فارغة، يرجى إرسال ملف يظهر فيه الإشعار',
    ],
    [
      'a file that only starts like a PDF',
      Buffer.from('%PDF-1.7\nnot really a document at all\n'.repeat(4), 'latin1'),
      'تعذّرت قراءة صورة الإشعار، يرجى اختيار صورة أخرى',
    ],
  ])('refuses %s with an Arabic message and stores nothing', async (_name, body, message) => {
    const user = await t.createUser();
    const before = [storedReceipts(t), await chargeCount(t)];
    const res = await uploadCharge(t, user.token, { amount: '12', bank_id: bankId, file: pdfReceipt(body) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.img).toEqual([message]);
    expect([storedReceipts(t), await chargeCount(t)]).toEqual(before);
  });

  it('the bytes decide, not the name: a PNG named receipt.pdf is the PNG it is, never read as a PDF', async () => {
    const user = await t.createUser();
    const before = storedReceipts(t);
    const png = makePng(20, 10, [200, 30, 30]);
    const res = await uploadCharge(t, user.token, {
      amount: '5',
      bank_id: bankId,
      file: { filename: 'receipt.pdf', type: 'application/pdf', body: png },
    });
    expect(res.statusCode).toBe(200);
    expect(storedReceipts(t).filter((f) => !before.includes(f))).toEqual([expect.stringMatching(/\.png$/)]);
  });

  it('a PDF is not a catalog image: operators still upload only JPEG, PNG or WebP', async () => {
    const { storeImage } = await import('../src/modules/media');
    await expect(storeImage(t.storage, makePdf(), 'catalog')).rejects.toMatchObject({ status: 422 });
  });
});

/** Bytes of an object stream holding `objects` (a PDF 1.5 file keeps most dictionaries compressed in these). */
function objectStream(objects: string): Buffer {
  const data = deflateSync(Buffer.from(`12 0 ${objects}`, 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n9 0 obj\n<< /Type /ObjStm /N 1 /First 5 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

describe('the PDF checks poppler runs behind', () => {
  it('finds script in a compressed object stream and in an escaped name, not in page content', () => {
    expect(scanPdfBytes(objectStream('<< /S /JavaScript /JS (app.alert\\(1\\)) >>'))).toBe('pdf-script');
    const escaped = Buffer.from(
      makePdf().toString('latin1').replace('/Type /Catalog', '/Type /Catalog /Names << /J#61vaScript 3 0 R >>'),
      'latin1',
    );
    expect(scanPdfBytes(escaped)).toBe('pdf-script');
    expect(scanPdfBytes(objectStream('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'))).toBeNull();
    // A resource named /JS drawn by a content stream is not an action: stream data is not read as dictionaries.
    expect(scanPdfBytes(makePdf({ content: `/JS gs ${RECEIPT_CONTENT}` }))).toBeNull();
  });

  describe('with stand-in programs', () => {
    let dir: string;
    const script = (name: string, body: string) => {
      const path = join(dir, name);
      writeFileSync(path, `#!/bin/sh\n${body}\n`);
      chmodSync(path, 0o755);
      return path;
    };
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'raseed-poppler-test-'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('without poppler-utils a PDF is refused (pdf-unavailable), never an error', async () => {
      expect(await renderPdfFirstPage(makePdf(), { programs: null })).toEqual({ error: 'pdf-unavailable' });
      const gone = { pdfinfo: join(dir, 'no-pdfinfo'), pdftoppm: join(dir, 'no-pdftoppm') };
      expect(await renderPdfFirstPage(makePdf(), { programs: gone })).toEqual({ error: 'pdf-unavailable' });
    });

    it('a program that runs past the deadline is killed, and the file is refused as slow', async () => {
      const started = Date.now();
      const programs = { pdfinfo: script('slow-info', 'exec sleep 30'), pdftoppm: '/usr/bin/pdftoppm' };
      expect(await renderPdfFirstPage(makePdf(), { programs, seconds: 1.5 })).toEqual({ error: 'slow' });
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('output beyond its bound is not read: the program is killed', async () => {
      const programs = { pdfinfo: '/usr/bin/pdfinfo', pdftoppm: script('flood', 'exec yes 0123456789') };
      expect(await renderPdfFirstPage(makePdf(), { programs })).toEqual({ error: 'too-big' });
    });

    it("the programs get none of the server's environment", async () => {
      process.env.RASEED_TEST_SECRET = 'do-not-pass';
      try {
        const out = join(dir, 'env.txt');
        const programs = { pdfinfo: script('env-info', `env > ${out}; exit 1`), pdftoppm: '/usr/bin/pdftoppm' };
        expect(await renderPdfFirstPage(makePdf(), { programs })).toEqual({ error: 'unreadable' });
        const env = readFileSync(out, 'utf8');
        expect(env).not.toContain('RASEED_TEST_SECRET');
        expect(env).toContain('PATH=/usr/bin:/bin');
      } finally {
        delete process.env.RASEED_TEST_SECRET;
      }
    });
  });
});
