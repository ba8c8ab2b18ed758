import { work } from '../server/src/kernel/unit-of-work';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../server/src/modules/notifications/notify';
import { contrastFailures } from './harness/axe';
import { newContext, screenshotsDir, settled } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();
const product: Record<string, number> = {};

beforeAll(async () => {
  const h = await openStoreDb(harness.store);
  try {
    for (const r of await h.db.selectFrom('products').select(['id', 'name']).execute()) product[r.name] = r.id;
  } finally {
    await h.close();
  }
});

async function shop(
  customer: Customer,
  size: 'phone' | 'desktop',
  theme: 'dark' | 'light' = 'dark',
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(harness.browser, harness.store.baseUrl, size);
  await signInContext(ctx, customer);
  await ctx.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  return { ctx, page: await ctx.newPage() };
}

async function ordersOf(customerId: number) {
  const h = await openStoreDb(harness.store);
  try {
    return await h.db
      .selectFrom('orders')
      .select(['id', 'quantity', 'price', 'status'])
      .where('user_id', '=', customerId)
      .execute();
  } finally {
    await h.close();
  }
}

const topBarBalance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /رصيدك/ });

describe.each(['phone', 'desktop'] as const)('the buying moment in Chromium (%s)', (size) => {
  it('typed numbers: a phone reads left to right as typed, and ١٠٠٠ in a quantity becomes 1000', async () => {
    const customer = await createCustomer(harness.store, { balance: 50_000_000 });
    const { ctx, page } = await shop(customer, size);
    await page.goto('/profile');
    const phone = page.getByLabel('رقم الهاتف');
    await phone.fill('');
    await phone.pressSequentially('+963 944 000 222');
    expect(await phone.inputValue()).toBe('+963 944 000 222');
    expect(await phone.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

    await page.goto(`/products/${product['شدات بالعدد']}`);
    const qty = page.getByLabel('الكمية', { exact: true });
    await qty.fill('');
    await qty.pressSequentially('١٠٠٠');
    expect(await qty.inputValue()).toBe('1000');
    await page.getByRole('button', { name: 'شراء — 15.00 $' }).waitFor();
    await ctx.close();
  });

  it('buying shows one confirmation with the balance after; only تأكيد places the order', async () => {
    const customer = await createCustomer(harness.store, { balance: 50_000_000 });
    const { ctx, page } = await shop(customer, size);
    await page.goto(`/products/${product['660 شدة']}`);
    await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await page.getByRole('button', { name: 'شراء — 9.50 $' }).click();
    const dialog = page.getByRole('dialog', { name: 'راجع طلبك قبل الدفع' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    for (const part of ['660 شدة', '5123456789', '9.50 $', '50.00 $', '40.50 $', 'رصيدك بعد الشراء'])
      expect(text).toContain(part);
    expect(await ordersOf(customer.id)).toHaveLength(0);
    await dialog.getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    await expect.poll(() => topBarBalance(page).textContent()).toContain('40.50 $');
    expect(await ordersOf(customer.id)).toHaveLength(1);
    await ctx.close();
  });

  it('a short balance offers اشحن رصيدك instead of a buy button, and no order is sent', async () => {
    const customer = await createCustomer(harness.store, { balance: 1_000_000 });
    const { ctx, page } = await shop(customer, size);
    await page.goto(`/products/${product['660 شدة']}`);
    await page.getByText('رصيدك (1.00 $) لا يكفي لهذا الطلب (9.50 $).').waitFor();
    expect(await page.getByRole('button', { name: /^شراء/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'اشحن رصيدك' }).click();
    await page.waitForURL('**/payments');
    expect(await ordersOf(customer.id)).toHaveLength(0);
    await ctx.close();
  });

  it('cancelling asks هل أنت متأكد؟ first and refunds only after yes', async () => {
    const customer = await createCustomer(harness.store, { balance: 20_000_000 });
    const { ctx, page } = await shop(customer, size);
    await page.goto(`/products/${product['60 شدة']}`);
    await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await page.getByRole('button', { name: /^شراء/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    const card = page.locator('article').first();
    await card.getByRole('button', { name: 'إلغاء الطلب' }).click();
    const ask = page.getByRole('dialog', { name: 'هل أنت متأكد؟' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'لا، تراجع' }).click();
    expect((await ordersOf(customer.id))[0]?.status).toBe('pending');
    await card.getByRole('button', { name: 'إلغاء الطلب' }).click();
    await ask.getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await card.getByText('ملغي').first().waitFor();
    expect((await ordersOf(customer.id))[0]?.status).toBe('cancel');
    // The order page is deep-linkable and tells the whole story, refund included.
    await card.getByRole('link', { name: /تفاصيل الطلب/ }).click();
    await page.getByText('المبلغ المسترد:').waitFor();
    expect(await page.getByRole('region', { name: 'سجل الحالة' }).getByRole('listitem').count()).toBe(2);
    await ctx.close();
  });

  it(
    'a code from stock is delivered at once: its own block with a copy ' +
      'button, on the card, the order page and the notice',
    async () => {
      const customer = await createCustomer(harness.store, { balance: 20_000_000 });
      const { ctx, page } = await shop(customer, size);
      await page.goto(`/products/${product['بطاقة 5$ — تسليم فوري']}`);
      await page.getByRole('button', { name: 'شراء — 5.40 $' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
      await page.waitForURL('**/orders');
      const [order] = await ordersOf(customer.id);
      expect(order?.status).toBe('success');
      const codes = page.getByRole('region', { name: 'الأكواد' }).first();
      const code = (await codes.locator('code').first().textContent()) ?? '';
      expect(code).toMatch(/^DEMO-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      // Shown once, whole: not repeated in the message, never cut with an ellipsis.
      expect(await page.getByText(code, { exact: true }).count()).toBe(1);
      await codes.getByRole('button', { name: 'نسخ الكود 1' }).click();
      await page.getByText('تم النسخ إلى الحافظة').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      const button = await codes.getByRole('button', { name: 'نسخ الكود 1' }).boundingBox();
      expect(Math.min(button!.width, button!.height)).toBeGreaterThanOrEqual(44);
      await page.goto(`/orders/${order!.id}`);
      await page.getByRole('region', { name: 'الأكواد' }).getByText(code).waitFor();
      await page.goto('/notifications');
      await page.getByRole('heading', { name: 'تم تسليم طلبك' }).waitFor();
      await page.getByRole('region', { name: 'الأكواد' }).getByText(code).waitFor();
      if (size === 'phone') await page.screenshot({ path: `${screenshotsDir}/stock-code-notice-phone.png` });
      await ctx.close();
    },
  );

  it('the bell shows the unread count and it drops after opening the notifications', async () => {
    const customer = await createCustomer(harness.store, { balance: 0 });
    const { ctx, page } = await shop(customer, size);
    await page.goto('/orders');
    const h = await openStoreDb(harness.store);
    try {
      await work(h.db, async (trx) => {
        await notify(trx, customer.id, 'تم قبول طلبك', 'شكراً لك');
        await notify(trx, customer.id, 'تم شحن رصيدك', 'أضيف الرصيد');
      });
    } finally {
      await h.close();
    }
    await page.reload();
    const bell = page.getByRole('banner').getByRole('link', { name: /^الإشعارات/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toMatch(/: \d+ إشعارات غير مقروءة$/);
    const before = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) إشعارات/)![1]);
    expect(before).toBeGreaterThanOrEqual(2);
    await bell.click();
    await page.getByText('تم شحن رصيدك').waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('الإشعارات');
    expect(await page.getByTestId('unread-count').count()).toBe(0);
    await ctx.close();
  });
});

describe('layout', () => {
  it(
    'desktop has a real header (nav, search, account menu with the ' + 'balance) and a footer with contacts and banks',
    async () => {
      const customer = await createCustomer(harness.store, { balance: 12_340_000 });
      const { ctx, page } = await shop(customer, 'desktop');
      await page.goto('/');
      const header = page.locator('header');
      await header.getByRole('navigation', { name: 'أقسام المتجر' }).getByRole('link', { name: 'مشترياتي' }).waitFor();
      expect(await header.getByRole('search').count()).toBe(1);
      expect(await topBarBalance(page).textContent()).toContain('12.34 $');
      const account = header.getByRole('button', { name: /حسابي/ });
      await account.click();
      await header.getByRole('link', { name: 'الملف الشخصي' }).waitFor();
      expect(
        await header
          .getByRole('listitem')
          .filter({ hasText: /^الرصيد:/ })
          .textContent(),
      ).toContain('12.34 $');
      const footer = page.locator('footer');
      await footer.getByText('بنك البركة').waitFor();
      expect(await footer.getByRole('link', { name: 'الوكلاء المعتمدون' }).getAttribute('href')).toBe('/partners');
      expect(await footer.textContent()).toMatch(/واتساب/);
      // The header search lands on the home page filtered by a category's Latin keyword.
      await header.getByRole('search').getByLabel('ابحث في الأقسام').fill('pubg');
      await header.getByRole('search').getByLabel('ابحث في الأقسام').press('Enter');
      await page.getByRole('link', { name: 'ببجي موبايل' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'فري فاير' }).count()).toBe(0);
      await ctx.close();
    },
  );

  it('the phone keeps the bottom bar and shows the whole store name', async () => {
    const customer = await createCustomer(harness.store, { balance: 50_000_000 });
    const { ctx, page } = await shop(customer, 'phone');
    await page.goto('/');
    const name = page.getByRole('banner').getByRole('link', { name: 'متجر رصيد' });
    await name.waitFor();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await page.getByRole('navigation', { name: 'التنقل السريع' }).isVisible()).toBe(true);
    await ctx.close();
  });

  it.each([
    'dark',
    'light',
  ] as const)('axe finds no contrast failure on the customer screens (%s theme)', async (theme) => {
    const customer = await createCustomer(harness.store, { balance: 30_000_000 });
    const { ctx, page } = await shop(customer, 'phone', theme);
    await page.goto(`/products/${product['60 شدة']}`);
    await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await page.getByRole('button', { name: /^شراء/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    const failures: Record<string, unknown> = {};
    const screens: Array<[string, string]> = [
      ['/', 'ببجي موبايل'],
      [`/products/${product['325 شدة']}`, 'تأكيد الشراء'],
      ['/orders', 'تفاصيل الطلب'],
      ['/categories/1', 'شدات ببجي (UC)'],
      ['/payments', 'بنك البركة'],
      ['/balances', 'الرصيد الحالي'],
      ['/notifications', 'الإشعارات'],
      ['/partners', 'الوكلاء'],
      ['/profile', 'الملف الشخصي'],
    ];
    for (const [path, marker] of screens) {
      await page.goto(path);
      await page.getByText(marker).filter({ visible: true }).first().waitFor();
      // The page fades in over 200 ms; measure the colours it settles on.
      await settled(page);
      const found = await contrastFailures(page);
      if (found.length) failures[path] = found;
    }
    expect(failures).toEqual({});
    await ctx.close();
  });
});
