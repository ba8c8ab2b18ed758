import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFailures } from './harness/axe';
import { newContext } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

// The full browser: scroll positions on Back and Forward are what this file checks, and the
// headless shell left a new desktop page 69 px down once (2026-11-28).
const harness = useStoreAndBrowser({}, { fullBrowser: true });
const SHOTS = process.env.RASEED_SHOTS_DIR ?? '/tmp/shots-f';
let customer: Customer;

beforeAll(async () => {
  customer = await createCustomer(harness.store, { balance: 50_000_000 });
});

async function open(size: 'phone' | 'desktop'): Promise<Page> {
  const ctx = await newContext(harness.browser, harness.store.baseUrl, size);
  await signInContext(ctx, customer);
  return ctx.newPage();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));

/** Scrolls `target` up to the top of the view (as far as the page goes) and answers where the page stopped. */
async function scrollTo(page: Page, target: Locator): Promise<number> {
  await target.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
  await frames(page);
  const y = await scrollY(page);
  expect(y).toBeGreaterThan(0);
  return y;
}

/** The window is back at `y` (within a pixel or two of rounding). */
const backAt = (page: Page, y: number) => expect.poll(async () => Math.abs((await scrollY(page)) - y)).toBeLessThan(3);

/** The page's h1 starts below the fixed top bar: nothing of the title is under it. */
async function titleClearOfHeader(page: Page, title: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: title });
  await h1.waitFor();
  const header = await page.getByRole('banner').boundingBox();
  const box = await h1.boundingBox();
  expect(header && box).toBeTruthy();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
}

describe.each(['phone', 'desktop'] as const)('navigation in Chromium (%s)', (size) => {
  it('opens each new page at its top and returns to the place on Back and Forward', async () => {
    const page = await open(size);
    await page.goto('/');
    const lower = page.getByRole('link', { name: 'خدمات الحسابات' });
    await lower.waitFor();
    const homeY = await scrollTo(page, lower);

    // A category opened from the lower half of home starts at its top, not in the footer.
    await lower.click();
    await page.waitForURL('**/categories/*');
    await page.getByRole('heading', { level: 1, name: 'خدمات الحسابات' }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await shot(page, `category-top-${size}`);

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await backAt(page, homeY);
    await shot(page, `back-home-${size}`);

    await page.goForward();
    await page.waitForURL('**/categories/*');
    await backAt(page, 0);

    // Into a department, down its products, into one: top; Back: the same place in the list.
    // (A shorter desktop window, so its one row of products has somewhere to scroll.)
    if (size === 'desktop') await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    await page.getByRole('link', { name: 'ببجي موبايل' }).click();
    await page.getByRole('link', { name: /شدات ببجي/ }).click();
    await page.getByRole('heading', { level: 1, name: 'شدات ببجي (UC)' }).waitFor();
    const departmentUrl = page.url();
    const uc = page.getByRole('link', { name: 'شراء: 660 شدة' });
    const listY = await scrollTo(page, uc);
    await uc.getByRole('heading').click();
    await page.waitForURL('**/products/*');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await page.waitForURL(departmentUrl);
    await backAt(page, listY);

    // A reload keeps the place too.
    await page.reload();
    await uc.waitFor();
    await backAt(page, listY);
    await page.context().close();
  });

  it('titles of orders, notifications and top-up requests are clear of the fixed top bar', async () => {
    const page = await open(size);
    await page.goto('/');
    await scrollTo(page, page.getByRole('link', { name: 'خدمات الحسابات' }));

    await page.getByRole('button', { name: 'القائمة' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'مشترياتي' }).click();
    await page.waitForURL('**/orders');
    await titleClearOfHeader(page, 'مشترياتي');
    expect(await scrollY(page)).toBe(0);
    await shot(page, `orders-title-${size}`);

    await page.getByRole('button', { name: 'القائمة' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'طلبات الشحن' }).click();
    await page.waitForURL('**/charges');
    await titleClearOfHeader(page, 'طلبات الشحن');

    await page
      .getByRole('banner')
      .getByRole('link', { name: /الإشعارات/ })
      .click();
    await page.waitForURL('**/notifications');
    await titleClearOfHeader(page, 'الإشعارات');
    await shot(page, `notifications-title-${size}`);
    await page.context().close();
  });

  it('a product card is tappable as a whole, not only its «شراء»', async () => {
    const page = await open(size);
    await page.goto('/');
    await page.getByRole('link', { name: 'ببجي موبايل' }).click();
    await page.getByRole('link', { name: /شدات ببجي/ }).click();
    const link = page.getByRole('link', { name: 'شراء: 325 شدة' });
    await link.waitFor();
    const card = await page.getByRole('article', { name: '325 شدة' }).boundingBox();
    expect(card).toBeTruthy();
    // A tap on the picture, near the card's top corner, far from the button.
    await page.mouse.click(card!.x + card!.width / 2, card!.y + 12);
    await page.waitForURL('**/products/*');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, `card-tapped-${size}`);
    await page.context().close();
  });

  it('«شدة» finds the UC products and «بطاقة 10» the 10 $ card, with one search box on the screen', async () => {
    const page = await open(size);
    await page.goto('/');
    await page.getByRole('link', { name: 'ببجي موبايل' }).waitFor();
    const boxes = page.locator('input[type="search"]:visible');
    expect(await boxes.count()).toBe(1);
    const box =
      size === 'desktop'
        ? page.getByRole('banner').getByLabel('ابحث في الأقسام والمنتجات')
        : page.getByLabel('ابحث عن قسم أو منتج...');
    await box.fill('شدة');
    const results = page.getByRole('region', { name: 'نتائج البحث' });
    await results.waitFor();
    const products = results.getByRole('region', { name: /المنتجات/ });
    await products.getByRole('link', { name: /660 شدة/ }).waitFor();
    for (const name of ['60 شدة', '325 شدة', '660 شدة', '1800 شدة', 'شدات بالعدد'])
      expect(await products.getByRole('link', { name: new RegExp(name) }).count()).toBeGreaterThan(0);
    expect(await results.getByRole('link', { name: /جوهرة/ }).count()).toBe(0);
    expect(
      await results
        .getByRole('region', { name: /الأقسام الفرعية/ })
        .getByRole('link')
        .count(),
    ).toBe(2);
    expect(new URL(page.url()).searchParams.get('q')).toBe('شدة');
    await shot(page, `search-uc-${size}`);

    const failures = await axeFailures(page, 'main');
    expect(failures).toEqual([]);

    await box.fill('بطاقة ١٠');
    await results.getByRole('link', { name: /بطاقة 10\$/ }).waitFor();
    await expect.poll(() => results.getByRole('link').count()).toBe(1);
    await shot(page, `search-card-${size}`);

    // The find opens its product; Back returns to the search as it was.
    await results.getByRole('link', { name: /بطاقة 10\$/ }).click();
    await page.waitForURL('**/products/*');
    await page.goBack();
    await results.getByRole('link', { name: /بطاقة 10\$/ }).waitFor();
    expect(await box.inputValue()).toBe('بطاقة ١٠');
    await page.context().close();
  });
});

describe('the news line', () => {
  const transformOf = (page: Page) =>
    page
      .getByRole('region', { name: 'آخر الأخبار' })
      .locator('p')
      .evaluate((p) => getComputedStyle(p).transform);
  const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('moves, stops on «إيقاف الحركة», and stands still and whole for reduced-motion readers', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/');
    const line = page.getByRole('region', { name: 'آخر الأخبار' });
    await line.waitFor();
    const first = await transformOf(page);
    await later(400);
    expect(await transformOf(page)).not.toBe(first);

    await line.getByRole('button', { name: 'إيقاف الحركة' }).click();
    await expect
      .poll(() => line.getByRole('button', { name: 'إيقاف الحركة' }).getAttribute('aria-pressed'))
      .toBe('true');
    const paused = await transformOf(page);
    await later(400);
    expect(await transformOf(page)).toBe(paused);
    await ctx.close();

    // For a reader who asked for less motion: no button, the whole text in view.
    const stillCtx = await newContext(harness.browser, harness.store.baseUrl, 'phone', { reducedMotion: true });
    await signInContext(stillCtx, customer);
    const still = await stillCtx.newPage();
    await still.goto('/');
    const stillLine = still.getByRole('region', { name: 'آخر الأخبار' });
    await stillLine.waitFor();
    expect(await stillLine.getByRole('button', { name: 'إيقاف الحركة' }).count()).toBe(0);
    expect(await transformOf(still)).toBe('none');
    const [box, text] = await Promise.all([stillLine.boundingBox(), stillLine.locator('p').boundingBox()]);
    expect(text!.x).toBeGreaterThanOrEqual(box!.x);
    expect(text!.x + text!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await stillCtx.close();
  });
});
