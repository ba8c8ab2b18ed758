import { describe, expect, it } from 'vitest';
import { newContext, snap } from './harness/browser';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();

describe('the store shell in Chromium', () => {
  it('sends a guest opening / to /login, in Arabic right-to-left, titled with the site name', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    const page = await ctx.newPage();
    await page.goto('/');
    await page.waitForURL('**/login');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await expect.poll(() => page.title()).toBe('متجر رصيد');
    await snap(page, 'shell-login-phone');
    await ctx.close();
  });

  it('shows the not-found text for an unknown path', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl);
    const page = await ctx.newPage();
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(200);
    await expect.poll(() => page.getByText('الصفحة غير موجودة').count()).toBeGreaterThan(0);
    await snap(page, 'shell-not-found-desktop');
    await ctx.close();
  });

  it('keeps the chosen theme across a reload (dark by default)', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/login');
    await expect.poll(() => page.locator('html').getAttribute('class')).toContain('dark');
    await page.getByRole('button', { name: 'تبديل المظهر' }).first().click();
    await expect.poll(() => page.locator('html').getAttribute('class')).toContain('light');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('class')).toContain('light');
    await snap(page, 'shell-login-light-desktop');
    await ctx.close();
  });

  it('serves hashed assets with a long cache lifetime and the app shell without one', async () => {
    const html = await fetch(`${harness.store.baseUrl}/orders`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const body = await html.text();
    const asset = /\/assets\/[^"]+\.js/.exec(body)?.[0];
    expect(asset).toBeDefined();
    const js = await fetch(`${harness.store.baseUrl}${asset}`);
    expect(js.headers.get('cache-control')).toContain('immutable');
  });
});

describe('the API reference page', () => {
  it('renders the generated OpenAPI document in Chromium under the CSP', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto('/public/api/v1/docs');
    await expect.poll(() => page.getByText('Raseed storefront API').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('/public/api/v1/setting').count()).toBeGreaterThan(0);
    // The public reference lists the storefront API only; the operator API has its own document.
    expect(await page.getByText('/admin/api/v1/', { exact: false }).count()).toBe(0);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await ctx.close();
  });
});
