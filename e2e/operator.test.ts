import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, settled, snap } from './harness/browser';
import { type RunningStore, startStore } from './harness/server';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';

/** A real PNG: `w`×`h`, a coloured band on top of a light body (a receipt, or a product picture). */
function png(w: number, h: number, band: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Array.from({ length: h }, (_, y) => {
    const rgb = y < h / 4 ? band : y % 20 < 2 ? [190, 195, 205] : [250, 250, 252];
    return Buffer.from([0, ...Array.from({ length: w }, () => rgb).flat()]);
  });
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let store: RunningStore;
let browser: Browser;
let customer: Customer;
let operator: Customer;
let shop: BrowserContext;
let console_: BrowserContext;
let customerPage: Page;
let operatorPage: Page;
/** Every script the customer's browser fetched, to prove the console never reaches it. */
const customerScripts: string[] = [];

const balance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /رصيدك/ });
const orderCard = (page: Page, id: number) =>
  page.locator('article').filter({ hasText: new RegExp(`طلب #${id}(?!\\d)`) });
/** Screens fade in over 200 ms; a screenshot waits for the end of it. */
const still = async (page: Page, name: string) => {
  await settled(page);
  await snap(page, name);
};
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marker?: boolean }).marker === true);

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  customer = await createCustomer(store, { balance: 20_000_000, name: 'زبون الرحلة' });
  operator = await createCustomer(store, { role: 'operator', name: 'مشرف الرحلة' });
  shop = await newContext(browser, store.baseUrl, 'phone');
  await signInContext(shop, customer);
  shop.on('request', (r) => {
    if (r.resourceType() === 'script') customerScripts.push(r.url());
  });
  console_ = await newContext(browser, store.baseUrl, 'desktop');
  await signInContext(console_, operator);
  customerPage = await shop.newPage();
  operatorPage = await console_.newPage();
  for (const p of [customerPage, operatorPage]) p.on('pageerror', (e) => console.log('page error:', e.message));
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe('the operator runs the store from /admin while a customer shops', () => {
  let orderId = 0;

  it('the customer uploads a receipt and orders, then keeps the charges page open', async () => {
    const page = customerPage;
    await page.goto('/payments');
    await page.getByRole('main').getByText('بنك البركة', { exact: true }).click();
    await page.getByLabel('المبلغ (بالدولار $)').fill('25.50');
    await page
      .getByLabel('صورة الإشعار')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png(600, 800, [20, 110, 80]) });
    await page.getByRole('button', { name: 'إرسال طلب الشحن' }).click();
    await page.getByText('تم إرسال طلبك بنجاح').waitFor();

    const h = await openStoreDb(store);
    const product = await h.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', '660 شدة')
      .executeTakeFirstOrThrow();
    await h.close();
    await page.goto(`/products/${product.id}`);
    await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await page.getByRole('button', { name: /^شراء/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => balance(page).textContent()).toContain('10.50 $');
    // The new order comes first on /orders, as the purchase's result.
    const result = await page.locator('article[aria-label="نتيجة الشراء"]').textContent();
    orderId = Number(/طلب #(\d+)/.exec(result ?? '')?.[1]);
    expect(orderId).toBeGreaterThan(0);

    await page.goto('/charges');
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'بنك البركة' }).getByText('قيد الانتظار').count())
      .toBe(1);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    const admin = await page.goto('/admin');
    expect(admin?.status()).toBe(200);
    await page.getByText('هذه الصفحة مخصصة لمشرفي المتجر فقط').waitFor();
    await page.goBack();
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
  });

  it('the operator reads the receipt and approves it; the customer sees the credit without a reload', async () => {
    const page = operatorPage;
    await page.goto('/admin/charges');
    await page.getByRole('heading', { level: 1, name: 'طلبات شحن الرصيد' }).waitFor();
    // Test operators have two-factor on (the console API requires it): no banner asks for it.
    expect(await page.getByRole('alert').filter({ hasText: 'تفعيل المصادقة الثنائية' }).count()).toBe(0);
    const card = page.locator('article').filter({ hasText: customer.email });
    const receipt = card.getByRole('img', { name: /^صورة الإشعار للطلب رقم \d+$/ });
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(600);
    // Large enough to read: about half the console's width on a desktop.
    expect((await receipt.boundingBox())?.height).toBeGreaterThan(400);
    await still(page, 'operator-charges-desktop');

    const decidedAt = Date.now();
    await card.getByRole('button', { name: 'قبول وشحن الرصيد' }).click();
    await page
      .getByRole('dialog', { name: /^اعتماد .* لـ / })
      .getByRole('button', { name: 'قبول وشحن الرصيد' })
      .click();
    await page.getByText('تم شحن رصيد العميل').waitFor();
    await expect.poll(() => card.count()).toBe(0);

    const shopPage = customerPage;
    const row = shopPage.getByRole('row').filter({ hasText: 'بنك البركة' });
    await expect.poll(() => row.getByText('تم الشحن').count(), { timeout: 40_000, interval: 500 }).toBe(1);
    await expect.poll(() => balance(shopPage).textContent(), { timeout: 10_000 }).toContain('36.00 $');
    console.log(
      `approved top-up shown to the customer ${((Date.now() - decidedAt) / 1000).toFixed(1)} s after the decision`,
    );
    expect(await sameDocument(shopPage)).toBe(true);
    await still(shopPage, 'operator-customer-charged-phone');
  });

  it('the operator accepts the order with a code; the customer sees it accepted without a reload', async () => {
    const shopPage = customerPage;
    await shopPage.getByRole('navigation').getByRole('link', { name: 'مشترياتي' }).last().click();
    await expect.poll(() => orderCard(shopPage, orderId).getByText('قيد المراجعة').count()).toBe(1);

    const page = operatorPage;
    await page
      .getByRole('navigation', { name: 'أقسام لوحة التحكم' })
      .getByRole('link', { name: /^الطلبات/ })
      .click();
    const card = page.locator('article').filter({ hasText: `#${orderId}` });
    await expect.poll(() => card.getByText('5123456789').count()).toBe(1);
    expect(await card.textContent()).toContain(customer.email);
    await card.getByLabel('رسالة إلى العميل (الكود أو تفاصيل التنفيذ)').fill('تم شحن 660 شدة — رقم العملية 7781');
    await still(page, 'operator-orders-desktop');
    const decidedAt = Date.now();
    await card.getByRole('button', { name: 'قبول وتنفيذ' }).click();
    await page
      .getByRole('dialog', { name: /^تنفيذ الطلب #/ })
      .getByRole('button', { name: 'قبول وتنفيذ' })
      .click();
    await page.getByText('تم قبول الطلب').waitFor();

    const mine = orderCard(shopPage, orderId);
    await expect.poll(() => mine.getByText('مقبول').count(), { timeout: 25_000, interval: 500 }).toBe(1);
    console.log(
      `accepted order shown to the customer ${((Date.now() - decidedAt) / 1000).toFixed(1)} s after the decision`,
    );
    expect(await mine.textContent()).toContain('رقم العملية 7781');
    expect(await sameDocument(shopPage)).toBe(true);
    await still(shopPage, 'operator-customer-accepted-phone');
  });

  it('the operator adds a product with an image, and the customer buys it', async () => {
    const page = operatorPage;
    await page.getByRole('link', { name: 'المنتجات والأقسام' }).click();
    await page.getByRole('link', { name: 'فتح: ببجي موبايل' }).click();
    await page.getByRole('heading', { level: 1, name: 'ببجي موبايل' }).waitFor();
    await page.getByRole('link', { name: 'إضافة منتج' }).click();
    await page.getByRole('heading', { level: 1, name: 'منتج جديد' }).waitFor();
    await page.getByLabel('الاسم', { exact: true }).fill('شدات الرحلة 90');
    await page.getByLabel('القسم الفرعي').selectOption({ label: 'شدات ببجي (UC)' });
    await page.getByLabel('السعر بالدولار').fill('1.50');
    await page.getByLabel('السعر بالليرة السورية').fill('22000');
    await page.getByLabel('السعر بالليرة التركية').fill('52');
    await page
      .getByLabel('الصورة')
      .first()
      .setInputFiles({ name: 'uc.png', mimeType: 'image/png', buffer: png(320, 320, [230, 160, 20]) });
    const preview = page.getByRole('complementary', { name: 'معاينة كما يراها العميل' });
    await expect
      .poll(() =>
        preview
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.src.startsWith('blob:') && img.naturalWidth),
      )
      .toBe(320);
    expect(await preview.textContent()).toContain('1.50 $');
    await still(page, 'operator-product-new-desktop');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('heading', { level: 1, name: 'ببجي موبايل' }).waitFor();
    await page.getByText('شدات الرحلة 90').waitFor();

    const shopPage = customerPage;
    await shopPage.getByRole('navigation').getByRole('link', { name: 'الرئيسية' }).last().click();
    await shopPage.getByRole('link', { name: 'ببجي موبايل' }).click();
    await shopPage.getByRole('link', { name: 'شدات ببجي (UC)' }).click();
    const buy = shopPage.getByRole('link', { name: 'شراء: شدات الرحلة 90' });
    await buy.waitFor();
    const picture = shopPage.locator('article').filter({ hasText: 'شدات الرحلة 90' }).locator('img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    await still(shopPage, 'operator-customer-new-product-phone');
    await buy.click();
    await shopPage.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await shopPage.getByRole('button', { name: /^شراء/ }).click();
    await shopPage.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await shopPage.waitForURL('**/orders');
    await expect.poll(() => balance(shopPage).textContent()).toContain('34.50 $');
    await expect.poll(() => shopPage.locator('article').filter({ hasText: 'شدات الرحلة 90' }).count()).toBe(1);
  });

  it('keeps the console out of what customers download, and records every action in the audit log', async () => {
    expect(customerScripts.length).toBeGreaterThan(0);
    expect(customerScripts.filter((u) => /admin-console|orders-queue|topups-queue|product-editor/.test(u))).toEqual([]);

    const page = operatorPage;
    // On a desktop the log sits in the console's «المزيد» menu.
    await page.getByRole('button', { name: /المزيد/ }).click();
    await page.getByRole('link', { name: 'سجل العمليات' }).click();
    const entries = page.getByRole('listitem').filter({ hasText: 'بواسطة مشرف الرحلة' });
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.allTextContents()).toEqual([
      expect.stringContaining('منتج · إضافة'),
      expect.stringContaining(`طلب · قبول #${orderId}`),
      expect.stringContaining('طلب شحن · قبول'),
    ]);
    await still(page, 'operator-audit-desktop');
  });

  it('lays the console out on a phone', async () => {
    // One more receipt, so the phone shows a request waiting.
    const form = new FormData();
    form.set('amount', '12');
    form.set('bank_id', '1');
    form.set('img', new Blob([new Uint8Array(png(400, 560, [60, 80, 160]))], { type: 'image/png' }), 'r.png');
    const sent = await fetch(`${store.baseUrl}/public/api/v1/banks`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(sent.status).toBe(200);
    const ctx = await newContext(browser, store.baseUrl, 'phone');
    await signInContext(ctx, operator);
    const page = await ctx.newPage();
    await page.goto('/admin/charges');
    await page.getByRole('heading', { level: 1, name: 'طلبات شحن الرصيد' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: /^صورة الإشعار/ })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBe(400);
    await still(page, 'operator-charges-phone');
    await page.goto('/admin/orders');
    await page.getByRole('heading', { level: 1, name: 'طلبات الشراء' }).waitFor();
    await still(page, 'operator-orders-phone');
    await page.goto('/admin/settings');
    await page.getByLabel('اسم المتجر').waitFor();
    await still(page, 'operator-settings-phone');
    await ctx.close();
  });

  it('lays out the editors on a desktop: catalog, payment methods with a live preview, users', async () => {
    const page = operatorPage;
    await page.goto('/admin/catalog/1');
    await page.getByRole('heading', { level: 2, name: 'المنتجات' }).waitFor();
    await page.getByText('شدات الرحلة 90').waitFor();
    await still(page, 'operator-catalog-category-desktop');

    await page.goto('/admin/banks');
    await page.getByRole('button', { name: 'تعديل: بنك البركة' }).click();
    await page.getByLabel('الاسم', { exact: true }).fill('بنك البركة - سوريا');
    const preview = page.getByRole('complementary', { name: 'معاينة كما يراها العميل' });
    await expect.poll(() => preview.textContent()).toContain('بنك البركة - سوريا');
    await still(page, 'operator-banks-edit-desktop');

    await page.goto('/admin/users');
    const card = page.locator('article').filter({ hasText: customer.email });
    await card.getByRole('button', { name: 'تعديل الرصيد' }).click();
    const amount = card.getByLabel('المبلغ (موجب للإضافة، سالب للخصم)');
    await amount.fill('-1000');
    expect(await amount.getAttribute('dir')).toBe('ltr');
    await card.getByLabel('السبب (يظهر للعميل)').fill('تصحيح');
    await card.getByRole('button', { name: 'تنفيذ التعديل' }).click();
    await card.getByText('رصيد المستخدم أقل من مبلغ الخصم').waitFor();
    await still(page, 'operator-users-desktop');
  });
});
