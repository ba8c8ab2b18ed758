import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../server/test/pdf-fixtures';
import { axeFailures } from './harness/axe';
import { newContext, settled } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();
let customer: Customer;
const SHOTS = '/tmp/shots-g';

beforeAll(async () => {
  customer = await createCustomer(harness.store);
  mkdirSync(SHOTS, { recursive: true });
});

/** What the customer sees: the viewport, not the whole page (the sticky bars would land mid-page). */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

/** The newest request of the customer and the stored receipt's bytes (what the server kept of the upload). */
async function latestCharge() {
  const h = await openStoreDb(harness.store);
  try {
    const row = await h.db
      .selectFrom('charges')
      .selectAll()
      .where('user_id', '=', customer.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const file = path.join(harness.store.dataDir, 'uploads', row.img_key);
    return { row, file, bytes: readFileSync(file) };
  } finally {
    await h.close();
  }
}

/**
 * A photo-like PNG of about 7.5 MB: a gradient with 5 bits of sensor noise, which compresses as badly as a phone
 * camera's detail does.
 */
function bigPhoto(width = 2700, height = 1000): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    let c = 0xffffffff;
    for (const b of body) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  let seed = 7;
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width * 3; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      raw[row + 1 + x] = Math.floor((x * 200) / (width * 3)) + ((seed >> 16) & 31);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe("top-up in the bank's currency, with a PDF or a big photo as the receipt", () => {
  it('a lira top-up shows the rate and the dollars, a PDF receipt goes through and becomes its image', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/payments');
    await page.getByRole('main').getByText('زراعات بنك (تركيا)', { exact: true }).click();
    const amount = page.getByLabel('المبلغ (بالليرة التركية ل.ت)');
    await amount.fill('1000');
    await expect.poll(() => page.getByText('1 $ = 42.50 ل.ت').isVisible()).toBe(true);
    expect(await page.getByTestId('topup-dollars').textContent()).toBe('23.52 $');
    await page
      .getByLabel('صورة الإشعار')
      .setInputFiles({ name: 'ziraat-dekont.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await amount.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -90));
    await shot(page, 'topup-lira-filled-phone');
    expect(await axeFailures(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: 'إرسال طلب الشحن' }).click();
    const heading = page.getByRole('heading', { level: 2, name: /^تم استلام طلب الشحن رقم \d+$/ });
    await expect.poll(() => heading.isVisible(), { timeout: 20_000 }).toBe(true);
    const { row, bytes } = await latestCharge();
    expect(await heading.textContent()).toBe(`تم استلام طلب الشحن رقم ${row.id}`);
    expect([row.currency, Number(row.rate), Number(row.amount_local), Number(row.amount)]).toEqual([
      'TRY',
      42_500_000,
      1_000_000_000,
      23_520_000,
    ]);
    // The PDF's first page, rendered and kept as a JPEG.
    expect(row.img_key).toMatch(/\.jpg$/);
    expect((await sharp(bytes).metadata()).height).toBe(2000);
    // The result is in view, not left below the fold where the form was.
    const box = await heading.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThan(844);
    await shot(page, 'topup-lira-sent-phone');

    await page.getByRole('main').getByRole('link', { name: 'طلبات الشحن' }).click();
    await page.waitForURL('**/charges');
    const line = page.getByRole('row').filter({ hasText: 'زراعات بنك (تركيا)' });
    await expect.poll(() => line.getByRole('cell').nth(2).textContent()).toBe('23.52 $(1,000.00 ل.ت)');
    const thumb = line.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(2000);
    await shot(page, 'topup-lira-charges-phone');
    await ctx.close();
  });

  it('a 7.5 MB photo is shrunk in the browser: the request carries a JPEG of 2000 px, far smaller', async () => {
    const photo = bigPhoto();
    expect(photo.length).toBeGreaterThan(7 * 1024 * 1024);
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    // The upload's length as it went on the wire (a file body is not exposed to Playwright, its header is).
    const uploads: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/public/api/v1/banks')) uploads.push(request);
    });
    await page.goto('/payments');
    await page.getByRole('main').getByText('بنك البركة', { exact: true }).waitFor();
    // Not 'networkidle': the tab's live-update stream stays open by design.
    await settled(page); // the bank cards have faded in
    await shot(page, 'topup-choose-desktop');
    await page.getByRole('main').getByText('زراعات بنك (تركيا)', { exact: true }).click();
    await page.getByLabel('المبلغ (بالليرة التركية ل.ت)').fill('2125.50');
    await expect.poll(() => page.getByTestId('topup-dollars').textContent()).toBe('50.01 $');
    await shot(page, 'topup-lira-desktop');
    await page.getByRole('main').getByText('بنك البركة', { exact: true }).click();
    await page.getByLabel('المبلغ (بالدولار $)').fill('40');
    await page.getByLabel('صورة الإشعار').setInputFiles({ name: 'IMG_4471.png', mimeType: 'image/png', buffer: photo });
    await shot(page, 'topup-usd-filled-desktop');
    await page.getByRole('button', { name: 'إرسال طلب الشحن' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: /^تم استلام طلب الشحن رقم/ }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(uploads).toHaveLength(1);
    const bodies = [Number((await uploads[0]!.allHeaders())['content-length'])];
    expect(bodies[0]).toBeGreaterThan(0);
    expect(bodies[0]).toBeLessThan(photo.length / 2);
    console.info(`receipt photo ${photo.length} bytes chosen, request body ${bodies[0]} bytes sent`);
    const { row, file, bytes } = await latestCharge();
    expect(row.img_key).toMatch(/\.jpg$/);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2000, Math.round((1000 * 2000) / 2700)]);
    expect(statSync(file).size).toBeLessThan(bodies[0]!);
    await shot(page, 'topup-usd-sent-desktop');
    await ctx.close();
  });
});
