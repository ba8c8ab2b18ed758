import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, snap } from './harness/browser';
import { loginThroughForm } from './harness/login';
import { type RunningStore, startStore } from './harness/server';
import { buildWebFor, type StaticSite, serveStatic } from './harness/static-site';
import { type Customer, createCustomer } from './harness/store-db';

/**
 * The spec's deployment: the storefront on one host, the API on another. The built app is
 * served by a plain static server on a second origin and calls the API across origins.
 */
let store: RunningStore;
let shop: StaticSite;
let stranger: StaticSite;
let browser: Browser;
let customer: Customer;
const webDir = mkdtempSync(path.join(tmpdir(), 'raseed-web-'));

beforeAll(async () => {
  shop = await serveStatic(webDir);
  stranger = await serveStatic(webDir);
  store = await startStore({ CORS_ORIGINS: shop.origin });
  buildWebFor(store.baseUrl, webDir);
  browser = await launchBrowser();
  customer = await createCustomer(store, { balance: 20_000_000 });
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await store?.stop();
  await shop?.close();
  await stranger?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const balance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /رصيدك/ });

describe('a storefront on another origin', () => {
  it('signs in, shows the API host’s images and buys from the balance', async () => {
    expect(new URL(shop.origin).port).not.toBe(new URL(store.baseUrl).port);
    const ctx = await newContext(browser, shop.origin, 'phone');
    const page = await ctx.newPage();
    await loginThroughForm(page, customer.email, customer.password);
    await expect.poll(() => balance(page).textContent()).toBe('20.00 $');
    expect(page.url().startsWith(shop.origin)).toBe(true);

    const category = page.getByRole('link', { name: 'ببجي موبايل' });
    const img = category.locator('img');
    expect(await img.getAttribute('src')).toMatch(new RegExp(`^${store.baseUrl}/media/`));
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await snap(page, 'cross-origin-home-phone');

    await category.click();
    await page.getByRole('link', { name: 'شدات ببجي (UC)' }).click();
    await page.getByRole('link', { name: 'شراء: 660 شدة' }).click();
    await page.getByLabel('معرّف الحساب (ID)').fill('5123456789');
    await page.getByRole('button', { name: 'تحقق من اللاعب' }).click();
    await page.getByText(/^اسم اللاعب: /).waitFor();
    await page.getByRole('button', { name: /^شراء — / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    await page.getByText('تم إرسال الطلب بنجاح').first().waitFor();
    await expect.poll(() => balance(page).textContent()).toBe('10.50 $');
    await page.getByText('660 شدة').first().waitFor();
    await snap(page, 'cross-origin-orders-phone');
    await ctx.close();
  });

  it('refuses a page from an origin that is not listed: the browser gets no reply to read', async () => {
    const ctx = await newContext(browser, stranger.origin, 'desktop');
    const page = await ctx.newPage();
    await page.goto('/login');
    const outcome = await page.evaluate(async (api) => {
      try {
        const res = await fetch(`${api}/public/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
        });
        return `read ${res.status}`;
      } catch (err) {
        return `refused: ${(err as Error).name}`;
      }
    }, store.baseUrl);
    expect(outcome).toBe('refused: TypeError');
    await page.getByLabel('البريد الإلكتروني').fill(customer.email);
    await page.getByLabel('كلمة المرور').fill(customer.password);
    await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    // No reply reached the page: the form says so and the customer stays signed out.
    await page.getByText('حدث خطأ في الطلب').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await ctx.close();
  });
});
