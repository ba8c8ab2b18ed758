import { work } from '../server/src/kernel/unit-of-work';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { approveCharge } from '../server/src/modules/topups/decide-charge';
import { newContext, settled, snap } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

// A real PNG, encoded here: a 240×160 "receipt" with a dark header band and light body.
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const b of body) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}
function receiptPng(width = 240, height = 160): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Array.from({ length: height }, (_, y) => {
    const rgb = y < 36 ? [20, 110, 80] : y % 24 < 3 ? [200, 205, 215] : [250, 250, 252];
    return Buffer.from([0, ...Array.from({ length: width }, () => rgb).flat()]);
  });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const harness = useStoreAndBrowser();
let customer: Customer;

beforeAll(async () => {
  customer = await createCustomer(harness.store, { balance: 10_000_000 });
});

const balanceLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^رصيدك:/ });

async function approveLatestCharge(): Promise<number> {
  const operator = await createCustomer(harness.store, { role: 'operator' });
  const h = await openStoreDb(harness.store);
  try {
    const row = await h.db
      .selectFrom('charges')
      .select('id')
      .where('user_id', '=', customer.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await work(h.db, (trx) => approveCharge(trx, { chargeId: row.id, operatorId: operator.id }));
    return row.id;
  } finally {
    await h.close();
  }
}

describe('top-up by bank transfer, from the payment methods to the credited balance', () => {
  it('sends a receipt, sees it pending, then charged with the balance, ledger and notice updated', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();

    await page.goto('/payments');
    await expect.poll(() => page.getByText('يرجى اختيار طريقة الدفع').isVisible()).toBe(true);
    await expect.poll(() => balanceLink(page).getAttribute('aria-label')).toBe('رصيدك: 10.00 $');
    await snap(page, 'topup-payments-choose-phone');

    await page.getByRole('main').getByText('بنك البركة', { exact: true }).click();
    await expect.poll(() => page.getByText('SY21 0021 0000 0000 1234 5678 90').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'نسخ رقم الحساب' }).click();
    await expect.poll(() => page.getByText('تم النسخ إلى الحافظة').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('SY21 0021 0000 0000 1234 5678 90');

    await page.getByLabel('المبلغ (بالدولار $)').fill('0');
    await page.getByRole('button', { name: 'إرسال طلب الشحن' }).click();
    await expect.poll(() => page.locator('#topup-amount-error').textContent()).toBe('يرجى إدخال المبلغ');
    expect(await page.locator('#topup-image-error').textContent()).toBe('يرجى اختيار صورة الإشعار');
    await snap(page, 'topup-payments-errors-phone');

    await page.getByLabel('المبلغ (بالدولار $)').fill('25.50');
    await page
      .getByLabel('صورة الإشعار')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
    await expect
      .poll(() => page.getByAltText('معاينة صورة الإشعار').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(240);
    expect(await page.getByText('receipt.png', { exact: true }).isVisible()).toBe(true);
    await snap(page, 'topup-payments-filled-phone');
    await page.getByRole('button', { name: 'إرسال طلب الشحن' }).click();
    await expect.poll(() => page.getByText('تم إرسال طلبك بنجاح').isVisible()).toBe(true);
    // The form gives way to the request's number and status.
    expect(await page.getByRole('heading', { level: 2, name: /^تم استلام طلب الشحن رقم \d+$/ }).isVisible()).toBe(true);
    await settled(page); // the toast has finished sliding in
    await snap(page, 'topup-payments-sent-phone');

    await page.goto('/charges');
    const row = page.getByRole('row').filter({ hasText: 'بنك البركة' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('25.50 $');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('قيد الانتظار');
    const thumb = row.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
    expect((await thumb.boundingBox())?.width).toBe(125);
    await snap(page, 'topup-charges-pending-phone');

    const chargeId = await approveLatestCharge();

    await page.goto('/charges');
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('تم الشحن');
    await expect.poll(() => balanceLink(page).getAttribute('aria-label')).toBe('رصيدك: 35.50 $');
    await snap(page, 'topup-charges-charged-phone');

    await page.goto('/balances');
    await expect.poll(() => page.getByText(`شحن رصيد عبر بنك البركة — طلب شحن رقم ${chargeId}`).isVisible()).toBe(true);
    await snap(page, 'topup-balances-credit-phone');

    await page.goto('/notifications');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'تم شحن رصيدك' }).isVisible()).toBe(true);
    expect(
      await page.getByText(`تمت الموافقة على طلب الشحن رقم ${chargeId} وأُضيف 25.50 $ إلى رصيدك.`).isVisible(),
    ).toBe(true);
    await snap(page, 'topup-notifications-phone');
    await ctx.close();
  });

  it('links every partner to a WhatsApp chat, with and without a plus sign in the number', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/partners');
    const links = page.getByRole('link', { name: /^محادثة .* عبر واتساب$/ });
    await expect.poll(() => links.count()).toBe(3);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      'https://wa.me/963944111222',
      'https://wa.me/963955333444',
      'https://wa.me/905321112233',
    ]);
    expect(await page.getByText('963955333444', { exact: true }).isVisible()).toBe(true);
    await snap(page, 'topup-partners-desktop');
    await ctx.close();
  });

  it('lays the same screens out on a desktop', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/payments');
    await page.getByRole('main').getByText('زراعات بنك (تركيا)', { exact: true }).click();
    await expect.poll(() => page.getByText('TR33 0006 1005 1978 6457 8413 26').isVisible()).toBe(true);
    await snap(page, 'topup-payments-desktop');
    await page.goto('/charges');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'تم الشحن' }).count()).toBe(1);
    await snap(page, 'topup-charges-desktop');
    await page.goto('/notifications');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'تم شحن رصيدك' }).isVisible()).toBe(true);
    await snap(page, 'topup-notifications-desktop');
    await ctx.close();
  });
});
