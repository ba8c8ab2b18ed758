import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, settled, snap } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();
let customer: Customer;

beforeAll(async () => {
  customer = await createCustomer(harness.store, { balance: 50_000_000 });
});

const topBarBalance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /رصيدك/ });

async function expectBalance(page: Page, text: string): Promise<void> {
  await expect.poll(() => topBarBalance(page).textContent()).toBe(text);
}

/** Home → search → category → department, as a customer finds a product. */
async function openDepartment(page: Page, search: string, category: string, department: string): Promise<void> {
  // The site name in the top bar leads home on every screen size.
  await page.getByRole('banner').getByRole('link', { name: 'متجر رصيد' }).click();
  // The one search box on the screen: the page's on a phone, the header's from 1280 px.
  await page.locator('input[type="search"]:visible').fill(search);
  // Exact: a department found beside it names its category too.
  await page.getByRole('link', { name: category, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: category }).waitFor();
  await page.getByRole('link', { name: department }).click();
  await page.getByRole('heading', { level: 1, name: department }).waitFor();
}

/** A screenshot once the page's 200 ms fade-in has finished. */
async function look(page: Page, name: string): Promise<void> {
  await settled(page);
  await snap(page, name);
}

async function landOnOrders(page: Page): Promise<void> {
  await page.waitForURL('**/orders');
  await page.getByText('تم إرسال الطلب بنجاح').first().waitFor();
}

describe('buying from the balance in Chromium', () => {
  it(
    'a funded customer buys a fixed, a free-quantity and a code ' + 'product and the balance drops by each price',
    async () => {
      const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
      await signInContext(ctx, customer);
      const page = await ctx.newPage();
      await page.goto('/');
      await expectBalance(page, '50.00 $');

      // The search waits for typing to settle, then shows only what matches.
      await page.getByLabel('ابحث عن قسم أو منتج...').fill('ببجي');
      await expect.poll(() => page.getByRole('link', { name: 'فري فاير' }).count()).toBe(0);
      await expect.poll(() => page.getByRole('link', { name: 'ببجي موبايل', exact: true }).count()).toBe(1);
      await page.getByLabel('ابحث عن قسم أو منتج...').fill('');
      await expect.poll(() => page.getByText('غير متوفر').count()).toBeGreaterThan(0);
      await look(page, 'buying-home-phone');

      // Fixed: 660 UC for 9.50, with the player checked first.
      await openDepartment(page, 'ببجي', 'ببجي موبايل', 'شدات ببجي (UC)');
      expect(await page.getByRole('button', { name: 'غير متوفر' }).isDisabled()).toBe(true);
      await look(page, 'buying-department-phone');
      await page.getByRole('link', { name: 'شراء: 660 شدة' }).click();
      await page.getByRole('heading', { level: 1, name: 'تأكيد الشراء' }).waitFor();
      await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
      await page.getByRole('button', { name: 'تحقق من اللاعب' }).click();
      await page.getByText(/^اسم اللاعب: [A-Za-z]+_6789$/).waitFor();
      expect(await page.getByLabel('اسم الحساب').inputValue()).toMatch(/_6789$/);
      await look(page, 'buying-fixed-phone');
      await page.getByRole('button', { name: /^شراء/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
      await landOnOrders(page);
      await expectBalance(page, '40.50 $');

      // Free quantity: a quantity below the minimum is refused on the form first.
      await openDepartment(page, 'ببجي', 'ببجي موبايل', 'شدات بالكمية');
      await page.getByRole('link', { name: 'شراء: شدات بالعدد' }).click();
      await page.getByRole('heading', { level: 1, name: 'تأكيد الشراء' }).waitFor();
      const qty = page.getByLabel('الكمية', { exact: true });
      expect(await qty.inputValue()).toBe('100');
      await page.getByText('0.015 $').waitFor();
      await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
      await qty.fill('99');
      await page.getByRole('button', { name: /^شراء/ }).click();
      await page.getByText('يرجى اختيار الكمية بين 100 و 5000').waitFor();
      await qty.fill('200');
      await page.getByText('3.00 $', { exact: true }).waitFor();
      await page.getByText('100.00 ل.ت').waitFor();
      await look(page, 'buying-free-phone');
      await page.getByRole('button', { name: /^شراء/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
      await landOnOrders(page);
      await expectBalance(page, '37.50 $');

      // Code: one Google Play card for 10.80.
      await openDepartment(page, 'جوجل', 'بطاقات جوجل بلاي', 'بطاقات أمريكية');
      await page.getByRole('link', { name: 'شراء: بطاقة 10$' }).click();
      await page.getByRole('heading', { level: 1, name: 'تأكيد الشراء' }).waitFor();
      await look(page, 'buying-code-phone');
      await page.getByRole('button', { name: /^شراء/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
      await landOnOrders(page);
      await expectBalance(page, '26.70 $');
      await page.getByText('بطاقة 10$').first().waitFor();
      await look(page, 'buying-orders-phone');
      await ctx.close();

      const h = await openStoreDb(harness.store);
      try {
        const orders = await h.db
          .selectFrom('orders')
          .select(['product_name', 'price', 'quantity', 'status'])
          .where('user_id', '=', customer.id)
          .orderBy('id')
          .execute();
        expect(orders).toEqual([
          { product_name: '660 شدة', price: 9_500_000, quantity: 1, status: 'pending' },
          { product_name: 'شدات بالعدد', price: 3_000_000, quantity: 200, status: 'pending' },
          { product_name: 'بطاقة 10$', price: 10_800_000, quantity: 1, status: 'pending' },
        ]);
        const user = await h.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', customer.id)
          .executeTakeFirstOrThrow();
        expect(user.balance).toBe(26_700_000);
      } finally {
        await h.close();
      }
    },
  );

  it('looks right on a desktop screen', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'ببجي موبايل' }).waitFor();
    await look(page, 'buying-home-desktop');
    await page.getByRole('link', { name: 'ببجي موبايل' }).click();
    await page.getByRole('link', { name: 'شدات بالكمية' }).waitFor();
    await look(page, 'buying-category-desktop');
    await openDepartment(page, 'ببجي', 'ببجي موبايل', 'شدات ببجي (UC)');
    await look(page, 'buying-department-desktop');
    await page.getByRole('link', { name: 'شراء: 325 شدة' }).click();
    await page.getByRole('heading', { level: 1, name: 'تأكيد الشراء' }).waitFor();
    await look(page, 'buying-fixed-desktop');
    await openDepartment(page, 'ببجي', 'ببجي موبايل', 'شدات بالكمية');
    await page.getByRole('link', { name: 'شراء: شدات بالعدد' }).click();
    await page.getByLabel('الكمية').waitFor();
    await look(page, 'buying-free-desktop');
    await ctx.close();
  });

  it('a guest on a product page sees the login link instead of the buy button', async () => {
    const h = await openStoreDb(harness.store);
    const { id } = await h.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', '660 شدة')
      .executeTakeFirstOrThrow();
    await h.close();
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    const page = await ctx.newPage();
    await page.goto(`/products/${id}`);
    const login = page.getByRole('link', { name: 'سجّل الدخول للشراء' });
    await login.waitFor();
    expect(await page.getByRole('button', { name: /^شراء/ }).count()).toBe(0);
    await look(page, 'buying-guest-phone');
    await login.click();
    await page.waitForURL('**/login');
    await ctx.close();
  });
});
