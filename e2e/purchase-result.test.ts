import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFailures, contrastFailures } from './harness/axe';
import { newContext, settled } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();
const product: Record<string, number> = {};
/** Screenshots of the result screens, for a person to look at. */
const shots = process.env.RASEED_SHOTS_DIR ?? '/tmp/shots-e';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const h = await openStoreDb(harness.store);
  try {
    for (const r of await h.db.selectFrom('products').select(['id', 'name']).execute()) product[r.name] = r.id;
  } finally {
    await h.close();
  }
});

async function shop(customer: Customer, size: 'phone' | 'desktop'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(harness.browser, harness.store.baseUrl, size);
  await signInContext(ctx, customer);
  return { ctx, page: await ctx.newPage() };
}

async function ordersOf(customerId: number) {
  const h = await openStoreDb(harness.store);
  try {
    return await h.db
      .selectFrom('orders')
      .select(['id', 'status', 'price'])
      .where('user_id', '=', customerId)
      .execute();
  } finally {
    await h.close();
  }
}

/** The Idempotency-Key of every order request the page sends, reached the server or not. */
function orderKeys(page: Page): string[] {
  const keys: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/orders-create-/.test(r.url())) keys.push(r.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

const sheet = (page: Page) => page.getByRole('dialog', { name: 'راجع طلبك قبل الدفع' });
const result = (page: Page) => page.getByRole('article', { name: 'نتيجة الشراء' });

/** The page has settled on a screen (its heading is there) and shows no confirmation. */
async function expectNoSheet(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForTimeout(500);
  expect(await sheet(page).count()).toBe(0);
}

describe.each(['phone', 'desktop'] as const)('one purchase, one result in Chromium (%s)', (size) => {
  it(
    'a stock code: the result shows it whole with its steps; ' +
      'Back, forward and reload never reopen the confirmation',
    async () => {
      const customer = await createCustomer(harness.store, { balance: 20_000_000 });
      const { ctx, page } = await shop(customer, size);
      const keys = orderKeys(page);
      const productPath = `/products/${product['بطاقة 5$ — تسليم فوري']}`;
      await page.goto('/');
      await page.goto(productPath);
      await page.getByRole('button', { name: 'شراء — 5.40 $' }).click();
      const confirm = sheet(page).getByRole('button', { name: 'تأكيد' });
      await confirm.click();
      await page.waitForURL('**/orders');

      const card = result(page);
      await card.getByRole('heading', { name: 'تم التسليم: كودك جاهز' }).waitFor();
      await page.getByText('تم التسليم', { exact: true }).first().waitFor();
      const code = card.locator('code');
      const text = (await code.textContent()) ?? '';
      expect(text).toMatch(/^DEMO-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/);
      // One line, left to right, at the size of a heading: never wrapped mid-code.
      const shape = await code.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return {
          lines: new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size,
          dir: getComputedStyle(el).direction,
          font: Number.parseFloat(getComputedStyle(el).fontSize),
          overflows: el.scrollWidth > el.clientWidth,
        };
      });
      expect(shape).toEqual({ lines: 1, dir: 'ltr', font: expect.any(Number), overflows: false });
      expect(shape.font).toBeGreaterThanOrEqual(20);
      await card.getByRole('button', { name: 'نسخ الكود 1' }).waitFor();
      await card
        .getByRole('region', { name: 'طريقة الاستخدام' })
        .getByText(/استرداد بطاقة هدية/)
        .waitFor();
      // The result is above the fold, first on the page.
      const box = await card.boundingBox();
      expect(box!.y).toBeLessThan(260);
      expect(await contrastFailures(page)).toEqual([]);
      expect(await axeFailures(page, 'article[aria-label="نتيجة الشراء"]')).toEqual([]);
      await settled(page);
      await page.screenshot({ path: `${shots}/result-delivered-${size}.png` });

      await page.goBack();
      await page.waitForURL(`**${productPath}`);
      await page.getByRole('button', { name: 'شراء — 5.40 $' }).waitFor();
      await expectNoSheet(page);
      await page.goForward();
      await page.waitForURL('**/orders');
      await result(page).getByText(text).waitFor();
      await page.reload();
      await result(page).getByText(text).waitFor();
      await page.goBack();
      await page.waitForURL(`**${productPath}`);
      await expectNoSheet(page);
      await page.reload();
      await expectNoSheet(page);

      const orders = await ordersOf(customer.id);
      expect(orders).toHaveLength(1);
      expect(orders[0]!.status).toBe('success');
      expect(new Set(keys).size).toBe(1);
      await ctx.close();
    },
  );

  it(
    'offline at «تأكيد»: says so within 6 s, back online the same key ' + 'makes one order, and the result follows',
    async () => {
      const customer = await createCustomer(harness.store, { balance: 20_000_000 });
      const { ctx, page } = await shop(customer, size);
      const keys = orderKeys(page);
      const productPath = `/products/${product['660 شدة']}`;
      await page.goto(productPath);
      await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
      await page.getByRole('button', { name: /^شراء/ }).click();
      await sheet(page).waitFor();

      // A reload with the confirmation open: it is gone, the typed player id is not.
      await page.reload();
      await expectNoSheet(page);
      expect(await page.getByLabel('معرّف الحساب (ID)').inputValue()).toBe('5123456789');
      await page.getByRole('button', { name: /^شراء/ }).click();

      await ctx.setOffline(true);
      const started = Date.now();
      await sheet(page).getByRole('button', { name: 'تأكيد' }).click();
      await sheet(page).getByRole('alert').getByText('لم يصل ردّ المتجر بعد').waitFor({ timeout: 6000 });
      expect(Date.now() - started).toBeLessThan(6000);
      expect(await sheet(page).getByRole('button', { name: 'إغلاق' }).isEnabled()).toBe(true);
      expect(await axeFailures(page, '[role="dialog"]')).toEqual([]);
      if (size === 'phone') await page.screenshot({ path: `${shots}/offline-${size}.png` });
      expect(await ordersOf(customer.id)).toHaveLength(0);

      await ctx.setOffline(false);
      // Back online the confirmation resends by itself; "إعادة المحاولة" does the same by hand.
      await sheet(page)
        .getByRole('button', { name: 'إعادة المحاولة' })
        .click({ timeout: 1500 })
        .catch(() => undefined);
      await page.waitForURL('**/orders');
      const card = result(page);
      await card.getByRole('heading', { name: 'تم إرسال الطلب بنجاح' }).waitFor();
      await card.getByText(/يراجع فريق المتجر طلبك الآن/).waitFor();
      await card.getByText('قيد المراجعة').waitFor();
      const contact = card.getByRole('link', { name: 'تواصل معنا بخصوص هذا الطلب' });
      const [order] = await ordersOf(customer.id);
      expect(decodeURIComponent((await contact.getAttribute('href')) ?? '')).toContain(`#${order!.id}`);
      expect(await axeFailures(page, 'article[aria-label="نتيجة الشراء"]')).toEqual([]);
      await settled(page);
      await page.screenshot({ path: `${shots}/result-pending-${size}.png` });

      for (const step of ['back', 'forward', 'back'] as const) {
        if (step === 'back') await page.goBack();
        else await page.goForward();
        await expectNoSheet(page);
      }
      expect(page.url()).toContain(productPath);
      // As before the purchase: an empty form.
      expect(await page.getByLabel('معرّف الحساب (ID)').inputValue()).toBe('');

      expect(await ordersOf(customer.id)).toHaveLength(1);
      expect(keys.length).toBeGreaterThanOrEqual(1);
      expect(new Set(keys).size).toBe(1);
      await ctx.close();
    },
  );
});
