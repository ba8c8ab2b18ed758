import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './harness/api';
import { newContext, snap, type viewports } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

/**
 * Two storefronts on one server (docs/storefronts.md): `a.localhost` and `b.localhost` reach the
 * same loopback server (Chromium resolves every *.localhost to it) and show two branded stores,
 * on a phone and on a desktop, from the first paint on.
 */
const harness = useStoreAndBrowser();

const STORES = {
  a: { name: 'متجر الواحة', news: 'الواحة: شحن فوري لكل الألعاب', color: '#065f46', logo: '#10b981' },
  b: { name: 'متجر النجمة', news: 'النجمة: بطاقات بأسعار الجملة', color: '#7c2d12', logo: '#f97316' },
} as const;

/** A customer of each store: an account belongs to one storefront. */
const customers = {} as Record<'a' | 'b' | 'provider', Customer>;
const hostUrl = (host: 'a' | 'b') => {
  const { port } = new URL(harness.store.baseUrl);
  return `http://${host}.localhost:${port}`;
};

async function logo(color: string): Promise<Blob> {
  const png = await sharp({ create: { width: 128, height: 128, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: 'image/png' });
}

beforeAll(async () => {
  const operator = await createCustomer(harness.store, { role: 'operator' });
  customers.provider = await createCustomer(harness.store, { balance: 10_000_000 });
  for (const key of ['a', 'b'] as const) {
    const store = STORES[key];
    const made = await callApi(harness.store, 'POST', '/admin/api/v1/storefronts', operator.token, {
      name: store.name,
      hosts: [`${key}.localhost`],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const storefrontId = made.json.data.storefront.id as number;
    customers[key] = await createCustomer(harness.store, { balance: 10_000_000, storefrontId });
    const form = new FormData();
    form.set('news', store.news);
    form.set('theme_color', store.color);
    form.set('logo', await logo(store.logo), 'logo.png');
    const saved = await fetch(`${harness.store.baseUrl}/admin/api/v1/settings?storefront=${storefrontId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${operator.token}` },
      body: form,
    });
    expect(saved.status, await saved.text()).toBe(200);
  }
}, 60_000);

async function open(host: 'a' | 'b', viewport: keyof typeof viewports): Promise<{ page: Page; firstHtml: string }> {
  const ctx = await newContext(harness.browser, hostUrl(host), viewport);
  await signInContext(ctx, customers[host]);
  const page = await ctx.newPage();
  // The news line stands still, so the screenshot shows the storefront's own ticker.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const res = await page.goto('/');
  const firstHtml = (await res?.text()) ?? '';
  await page.getByRole('banner').getByText(STORES[host].name).waitFor();
  await page.getByText(STORES[host].news).first().waitFor();
  // The logo has loaded: what the screenshot shows is the storefront's, not a blank box.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  return { page, firstHtml };
}

describe('two storefronts on one server', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`shows each host its own store on a ${viewport}`, async () => {
      for (const host of ['a', 'b'] as const) {
        const store = STORES[host];
        const other = STORES[host === 'a' ? 'b' : 'a'];
        const { page, firstHtml } = await open(host, viewport);
        // First paint: the served HTML already carries the storefront's name and colour.
        expect(firstHtml).toContain(`<title>${store.name}</title>`);
        expect(firstHtml).toContain(`<meta name="theme-color" content="${store.color}"`);
        expect(firstHtml).not.toContain('رصيد');
        expect(await page.title()).toBe(store.name);
        const body = (await page.locator('body').textContent()) ?? '';
        expect(body).not.toContain(other.name);
        expect(body).not.toContain('متجر رصيد');
        const manifest = await page.evaluate(async () => {
          const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
          return (await fetch(href)).json();
        });
        expect(manifest).toMatchObject({ name: store.name, theme_color: store.color });
        await snap(page, `storefront-${host}-home-${viewport}`);
        await page.context().close();
      }
    });
  }

  it('still shows the provider’s store on its own address', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(ctx, customers.provider);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.getByRole('banner').getByText('متجر رصيد').waitFor();
    expect(await page.title()).toBe('متجر رصيد');
    await ctx.close();
  });
});
