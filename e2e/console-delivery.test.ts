import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, settled, snap } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, insertSupplier } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

// One failed attempt is enough for a forward to need the operator; retries come fast.
const harness = useStoreAndBrowser({ DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_BACKOFF_MS: '100', DELIVERY_POLL_MS: '100' });
let operator: Customer;
let buyer: Customer;
let categoryId: number;
let stockId: number;
let forwardedId: number;

/** Nothing listens on port 9 of loopback: every call to this supplier fails at once. */
const DEAD_SUPPLIER = 'http://127.0.0.1:9';

async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${harness.store.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  return (await res.json()) as T;
}

async function consolePage(viewport: 'phone' | 'desktop'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(harness.browser, harness.store.baseUrl, viewport);
  await signInContext(ctx, operator);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('page error:', e.message));
  return { ctx, page };
}

const still = async (page: Page, name: string) => {
  await settled(page);
  await snap(page, name);
};

beforeAll(async () => {
  operator = await createCustomer(harness.store, { role: 'operator', name: 'مشرف المخزون' });
  buyer = await createCustomer(harness.store, { balance: 50_000_000, name: 'زبون التسليم' });
  type Categories = { data: { categories: Array<{ id: number }> } };
  type Products = { data: { products: Array<{ id: number; free: boolean; delivery: string }> } };
  categoryId = (await call<Categories>('GET', '/admin/api/v1/categories', operator.token)).data.categories[0]!.id;
  const fixed = (
    await call<Products>('GET', `/admin/api/v1/products?category_id=${categoryId}`, operator.token)
  ).data.products.filter((p) => !p.free && p.delivery === 'manual');
  stockId = fixed[0]!.id;
  forwardedId = fixed[1]!.id;
});

describe('instant delivery in the operator console (Chromium, real server)', () => {
  it(
    'turns a product into a stock product, adds pasted and uploaded codes, ' +
      'and shows the counts and the low-stock warning',
    async () => {
      const { ctx, page } = await consolePage('desktop');
      await page.goto(`/admin/catalog/${categoryId}/products/${stockId}`);
      await page.getByLabel('طريقة التسليم').selectOption({ label: 'من المخزون' });
      await page.getByLabel('حد التنبيه بقرب النفاد').fill('5');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();

      const stock = page.getByRole('region', { name: 'مخزون الأكواد' });
      await stock.waitFor();
      await stock
        .getByLabel('الصق الأكواد (كود في كل سطر)')
        .fill('E2E-AAAA-0001\nE2E-BBBB-0002,SN-22,2027-06-30\n\nE2E-AAAA-0001');
      await stock.getByRole('button', { name: 'إضافة الأكواد' }).click();
      await stock.getByText('أضيف 2، مكرر 1').waitFor();
      expect(await stock.getByText('قارب على النفاد').isVisible()).toBe(true);

      await stock.getByLabel('الصق الأكواد (كود في كل سطر)').fill('E2E-CCCC-0003,,not-a-date');
      await stock.getByRole('button', { name: 'إضافة الأكواد' }).click();
      await expect.poll(() => stock.getByRole('alert').textContent()).toContain('السطر 1');

      const lines = Array.from({ length: 6 }, (_, i) => `E2E-FILE-${1000 + i}`).join('\r\n');
      await stock
        .getByLabel('أو ارفع ملفاً نصياً أو CSV')
        .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(lines) });
      await stock.getByRole('button', { name: 'رفع الملف' }).click();
      await stock.getByText('أضيف 6، مكرر 0').waitFor();
      await expect
        .poll(() => stock.getByText('متاح', { exact: true }).locator('xpath=following-sibling::dd').textContent())
        .toBe('8');
      expect(await stock.getByText('قارب على النفاد').count()).toBe(0);
      // Codes are masked by the server and shown left to right.
      const code = stock
        .getByRole('list', { name: 'الأكواد' })
        .getByText(/0003|1005|0002/)
        .first();
      expect(await code.getAttribute('dir')).toBe('ltr');
      await still(page, 'console-stock-desktop');

      const bought = await call<{ data: { order: { codes: string[] } } }>(
        'POST',
        '/public/api/v1/orders-create-fixed',
        buyer.token,
        { productId: stockId, playerId: '5123456789' },
      );
      expect(bought.data.order.codes).toHaveLength(1);
      await page.reload();
      await stock.getByLabel('عرض').selectOption({ label: 'المباعة' });
      await stock.getByText(/بيع في الطلب #\d+/).waitFor();
      await ctx.close();
    },
  );

  it(
    'refuses to save a supplier that does not answer, with the reason; ' +
      'shows a stored one’s upstream failure in Arabic, and links a product to it',
    async () => {
      const { ctx, page } = await consolePage('desktop');
      await page.goto('/admin/suppliers');
      await page.getByRole('button', { name: 'إضافة مورد' }).click();
      await page.getByLabel('الاسم').fill('مورد غير متاح');
      await page.getByLabel('عنوان متجر المورد').fill(DEAD_SUPPLIER);
      await page.getByLabel('البريد الإلكتروني للحساب لدى المورد').fill('buyer@supplier.test');
      await page.getByLabel('كلمة المرور', { exact: true }).fill('secret-at-supplier');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      // The save tries the connection first: refused, with the reason beside the address.
      const reason = 'لم يُحفظ المورد: فشل اختبار الاتصال به (تعذّر الاتصال بالمورد)';
      await page.locator('form').getByText(reason).waitFor();
      expect(await page.getByLabel('عنوان متجر المورد').inputValue()).toBe(DEAD_SUPPLIER);
      await still(page, 'console-supplier-refused-desktop');
      await page.getByRole('button', { name: 'إلغاء' }).click();

      // One that answered when it was saved, and is down now.
      await insertSupplier(harness.store, {
        name: 'مورد غير متاح',
        base_url: DEAD_SUPPLIER,
        email: 'buyer@supplier.test',
        password: 'secret-at-supplier',
      });
      await page.reload();
      const card = page.getByRole('article', { name: 'مورد غير متاح' });
      await card.getByText('كلمة المرور محفوظة').waitFor();
      await card.getByRole('button', { name: 'الرصيد لدى المورد' }).click();
      await card.getByText('تعذّر الاتصال بالمورد').waitFor();

      await card.getByRole('button', { name: 'تعديل: مورد غير متاح' }).click();
      expect(await page.getByLabel('كلمة المرور', { exact: true }).inputValue()).toBe('');
      await page.getByRole('button', { name: 'إلغاء' }).click();

      await page.goto(`/admin/catalog/${categoryId}/products/${forwardedId}`);
      await page.getByLabel('طريقة التسليم').selectOption({ label: 'عبر مورد' });
      await page.getByLabel('المورد', { exact: true }).selectOption({ label: 'مورد غير متاح' });
      await page.getByLabel('رقم المنتج لدى المورد').fill('UP-77');
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await page.waitForURL(`**/admin/catalog/${categoryId}`);
      await ctx.close();
    },
  );

  it('puts a failed forward in the needs-attention queue, retries it, and refunds it with a reason', async () => {
    type Placed = { data: { order: { id: number } } };
    const placed = await call<Placed>('POST', '/public/api/v1/orders-create-fixed', buyer.token, {
      productId: forwardedId,
      playerId: '5123456789',
    });
    const id = placed.data.order.id;
    // Seven codes left under a threshold of ten: the catalog tab carries the low-stock badge.
    // (The mode is sent again: productPatch re-applies the contract's defaults to absent fields.)
    await call('PATCH', `/admin/api/v1/products/${stockId}`, operator.token, {
      delivery: 'stock',
      low_stock_threshold: 10,
    });
    const { ctx, page } = await consolePage('phone');
    await page.goto('/admin/orders');
    // The status filter's «تحتاج متابعة» carries its count.
    await page.getByRole('option', { name: 'تحتاج متابعة (1)' }).waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByLabel('الحالة').selectOption('attention');
    const card = page.getByRole('article').filter({ hasText: `#${id}` });
    await card.getByText('عبر المورد مورد غير متاح').waitFor();
    await card.getByText(/تعذّر الاتصال بالمورد/).waitFor();
    await card.getByText(/قد ينفّذ المورد هذا الطلب لاحقاً/).waitFor();
    // The console's own badges must not widen the page on a phone.
    await page
      .getByRole('navigation', { name: 'أقسام لوحة التحكم' })
      .getByText(/منتجات قاربت على النفاد: \d+/)
      .waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await still(page, 'console-attention-phone');

    await card.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByText('أعيد إرسال الطلب إلى المورد').waitFor();
    // With one attempt allowed, the retry fails again and the order is back in the queue.
    type Queue = { data: { orders: Array<{ id: number }> } };
    const waiting = async () =>
      (await call<Queue>('GET', '/admin/api/v1/orders?status=attention', operator.token)).data.orders.map((o) => o.id);
    await expect.poll(waiting, { timeout: 20_000 }).toContain(id);
    await card.getByText(/قد ينفّذ المورد هذا الطلب لاحقاً/).waitFor({ timeout: 20_000 });
    await card.getByLabel('رسالة إلى العميل (الكود أو تفاصيل التنفيذ)').fill('المورد غير متاح حالياً');
    await card.getByRole('button', { name: 'رفض واسترداد المبلغ' }).click();
    await page
      .getByRole('dialog', { name: new RegExp(`^رفض الطلب #${id} وإعادة`) })
      .getByRole('button', { name: 'رفض واسترداد المبلغ' })
      .click();
    await page.getByText('تم رفض الطلب واسترداد المبلغ').waitFor();
    type Mine = { data: { order: { status: string; cancel_msg: string | null } } };
    const after = await call<Mine>('GET', `/public/api/v1/orders/${id}`, buyer.token);
    expect(after.data.order).toMatchObject({ status: 'cancel', cancel_msg: 'المورد غير متاح حالياً' });
    await ctx.close();
  });
});
