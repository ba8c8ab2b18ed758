import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recompressedCrop, receiptPhoto } from '../server/test/receipt-photos';
import { launchBrowser, newContext, screenshotsDir, settled, snap } from './harness/browser';
import { type RunningStore, startStore } from './harness/server';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';

let store: RunningStore;
let browser: Browser;
let operator: Customer;
const contexts: BrowserContext[] = [];

/** A week of sales, top-ups and sign-ups written straight into the store, at chosen times. */
async function seedWeek() {
  const h = await openStoreDb(store);
  try {
    const products = await h.db
      .selectFrom('products')
      .select(['id', 'name', 'price'])
      .where('price', '>', 0)
      .orderBy('id')
      .limit(5)
      .execute();
    const bank = await h.db.selectFrom('banks').select('id').orderBy('id').executeTakeFirstOrThrow();
    const buyer = await createCustomer(store, { name: 'زبون الأسبوع' });
    const statuses = ['success', 'success', 'success', 'pending', 'cancel', 'wait'] as const;
    const hour = 3_600_000;
    const orders = Array.from({ length: 120 }, (_, i) => {
      const p = products[i % products.length]!;
      const at = new Date(Date.now() - ((i * 37) % 160) * hour - 10 * 60_000).toISOString();
      return {
        user_id: buyer.id,
        product_id: p.id,
        product_name: p.name,
        status: statuses[i % statuses.length]!,
        price: p.price * (1 + (i % 3)),
        price_syr: 0,
        price_tr: 0,
        quantity: 1,
        data: '5123456789',
        data2: null,
        secret: null,
        phone: null,
        note: null,
        api: 0,
        message: null,
        cancel_msg: null,
        idempotency_key: null,
        created_at: at,
        updated_at: at,
      };
    });
    await h.db.insertInto('orders').values(orders).execute();
    const charges = Array.from({ length: 24 }, (_, i) => ({
      user_id: buyer.id,
      bank_id: bank.id,
      amount: (10 + i) * 1_000_000,
      img_key: 'receipts/none.png',
      status: i % 4 === 0 ? ('cancel' as const) : ('success' as const),
      reason: null,
      decided_by: null,
      decided_at: null,
      created_at: new Date(Date.now() - ((i * 29) % 160) * hour).toISOString(),
    }));
    await h.db.insertInto('charges').values(charges).execute();
  } finally {
    await h.close();
  }
}

async function operatorPage(viewport: 'phone' | 'desktop'): Promise<Page> {
  const ctx = await newContext(browser, store.baseUrl, viewport);
  contexts.push(ctx);
  await signInContext(ctx, operator);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('page error:', e.message));
  return page;
}

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  operator = await createCustomer(store, { role: 'operator', name: 'مشرف اللوحة' });
  await seedWeek();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await store?.stop();
});

describe('the operator dashboard', () => {
  it('opens as the console first screen with its charts, days running from the right', async () => {
    const page = await operatorPage('desktop');
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'نظرة عامة على المتجر' }).waitFor();
    const byDay = page.getByRole('figure', { name: 'المبيعات حسب اليوم (USD)' });
    await byDay.waitFor();
    expect(await byDay.locator('svg').count()).toBe(7);
    expect(
      await byDay
        .locator('rect')
        .evaluateAll((rects) => rects.filter((r) => Number(r.getAttribute('height')) > 0).length),
    ).toBeGreaterThan(3);
    // Arabic reads right to left: the earliest day sits at the right, today at the left.
    const labels = byDay.locator('[aria-hidden="true"] > span');
    const first = await labels.first().boundingBox();
    const last = await labels.last().boundingBox();
    expect(first!.x).toBeGreaterThan(last!.x);
    expect(await page.getByRole('figure', { name: 'الطلبات حسب الحالة' }).getByText('مقبول').isVisible()).toBe(true);
    expect(
      await page.getByRole('region', { name: 'المنتجات الأكثر مبيعاً' }).getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    await page.getByRole('radio', { name: '30 يوماً' }).check({ force: true });
    await expect.poll(() => byDay.locator('svg').count()).toBe(30);
    await page.getByRole('radio', { name: '7 أيام' }).check({ force: true });
    await expect.poll(() => byDay.locator('svg').count()).toBe(7);
    // At 1280 px the console's sections are one row that does not scroll; the rest are in «المزيد».
    const tabs = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
    expect(await tabs.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const more = await tabs.getByRole('button', { name: /المزيد/ }).boundingBox();
    expect(more!.x).toBeGreaterThanOrEqual(0);
    await settled(page);
    await snap(page, 'operator-dashboard-desktop');
    await page.screenshot({ path: path.join(screenshotsDir, 'operator-dashboard-desktop-full.png'), fullPage: true });

    const phone = await operatorPage('phone');
    await phone.goto('/admin');
    await phone.getByRole('figure', { name: 'المبيعات حسب اليوم (USD)' }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await settled(phone);
    await snap(phone, 'operator-dashboard-phone');
  });
});

describe('duplicate receipts in the charges queue', () => {
  it('flags a re-saved, cropped copy of another customer receipt and links to the first request', async () => {
    const photo = await receiptPhoto('250.00', 3);
    const copy = await recompressedCrop(photo);
    const ids: number[] = [];
    for (const [name, body] of [
      ['صاحب الإشعار', photo],
      ['ناسخ الإشعار', copy],
    ] as const) {
      const customer = await createCustomer(store, { name });
      const ctx = await newContext(browser, store.baseUrl, 'phone');
      contexts.push(ctx);
      await signInContext(ctx, customer);
      const page = await ctx.newPage();
      await page.goto('/payments');
      await page.getByRole('main').getByText('بنك البركة', { exact: true }).click();
      await page.getByLabel('المبلغ').fill('250');
      await page.getByLabel('رقم الحوالة (اختياري)').fill('TR-9001');
      await page
        .getByLabel('صورة الإشعار')
        .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: body });
      await page.getByRole('button', { name: 'إرسال طلب الشحن' }).click();
      await page.getByText('تم إرسال طلبك بنجاح').waitFor();
      const h = await openStoreDb(store);
      ids.push(
        (await h.db.selectFrom('charges').select('id').where('user_id', '=', customer.id).executeTakeFirstOrThrow()).id,
      );
      await h.close();
    }
    const [firstId, copyId] = ids as [number, number];

    const page = await operatorPage('desktop');
    await page.goto('/admin/charges');
    const card = page.locator('article').filter({ hasText: 'ناسخ الإشعار' });
    const flags = card.getByRole('region', { name: /تنبيهات للمراجعة/ });
    await flags.waitFor();
    expect(await flags.textContent()).toContain(`صورة الإشعار شبه مطابقة لإشعار طلب الشحن #${firstId} لعميل آخر`);
    // Shown as the customer typed it; matched on its normalised copy.
    expect(await flags.textContent()).toContain(`رقم الحوالة TR-9001 استُخدم من قبل في طلب الشحن #${firstId}`);
    expect(
      await page
        .locator('article')
        .filter({ hasText: 'صاحب الإشعار' })
        .getByRole('region', { name: /تنبيهات/ })
        .count(),
    ).toBe(0);
    await flags.scrollIntoViewIfNeeded();
    await settled(page);
    await snap(page, 'operator-charges-flags-desktop');

    await flags.getByRole('link', { name: `عرض الطلب السابق #${firstId}` }).click();
    await page.getByRole('heading', { level: 1, name: `طلب الشحن #${firstId}` }).waitFor();
    expect(page.url()).toBe(`${store.baseUrl}/admin/charges/${firstId}`);
    await page.locator('article').filter({ hasText: 'صاحب الإشعار' }).waitFor();
    expect(copyId).toBeGreaterThan(firstId);
  });
});
