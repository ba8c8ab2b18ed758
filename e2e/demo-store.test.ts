import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, snap } from './harness/browser';
import { loginThroughForm } from './harness/login';
import { type RunningStore, startStore } from './harness/server';

/**
 * The demo store out of the box, as a newcomer finds it: its own numbers provider and supplier
 * answer inside the process, reached by name through the outbound guard (private addresses stay
 * refused here), so the demo customer buys a number and a supplier-delivered card.
 */
let store: RunningStore;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  store = await startStore({
    OUTBOUND_ALLOW_PRIVATE: '0',
    NUMBERS_POLL_MS: '200',
    DELIVERY_POLL_MS: '200',
  });
  browser = await launchBrowser();
  const ctx = await newContext(browser, store.baseUrl, 'phone');
  page = await ctx.newPage();
  const { email, password } = store.demo!.customer;
  await loginThroughForm(page, email, password);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe('the demo store in Chromium', () => {
  it('sells a number from its demo provider: the phone, then the SMS code', async () => {
    await page.goto('/invoices');
    const wa = page.getByRole('button', { name: 'شراء واتساب — إندونيسيا' });
    await expect.poll(() => wa.isVisible(), { timeout: 15_000 }).toBe(true);
    await wa.click();
    const phone = page.getByTestId('purchase-phone');
    await phone.waitFor({ timeout: 15_000 });
    expect(await phone.textContent()).toMatch(/^\+62812\d{7}$/);
    const code = page.getByTestId('purchase-code');
    await code.waitFor({ timeout: 20_000 });
    expect(await code.textContent()).toMatch(/^\d{6}$/);
    await snap(page, 'demo-number-received-phone');
  });

  it('sells a card its demo supplier delivers: pending, then the code on the order', async () => {
    const login = await fetch(`${store.baseUrl}/public/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(store.demo!.customer),
    });
    const token: string = (await login.json()).data.token;
    const search = await fetch(`${store.baseUrl}/public/api/v1/search?q=${encodeURIComponent('المورد التجريبي')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const card = (await search.json()).data.products.find((p: { name: string }) => p.name.startsWith('جوجل بلاي 15$'));
    await page.goto(`/products/${card.id}`);
    await page.getByRole('heading', { level: 1, name: 'تأكيد الشراء' }).waitFor();
    await page.getByRole('button', { name: /^شراء/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await page.waitForURL('**/orders');
    await expect
      .poll(
        async () => {
          if (await page.getByText(/SUP-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}/).count()) return true;
          await page.reload();
          return false;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    await snap(page, 'demo-supplier-card-phone');
  });
});
