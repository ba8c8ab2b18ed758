import { work } from '../server/src/kernel/unit-of-work';
import type { Order } from '@raseed/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOrder } from '../server/src/modules/queues/decide';
import { verifyLedger } from '../server/src/modules/wallet/verify';
import { launchBrowser, newContext, snap } from './harness/browser';
import { type RunningStore, startStore } from './harness/server';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';

let store: RunningStore;
let browser: Browser;
let customer: Customer;
const product: Record<'uc660' | 'gems100', number> = { uc660: 0, gems100: 0 };

beforeAll(async () => {
  store = await startStore();
  browser = await launchBrowser();
  customer = await createCustomer(store, { balance: 100_000_000 });
  const h = await openStoreDb(store);
  try {
    for (const [key, name] of [
      ['uc660', '660 شدة'],
      ['gems100', '100 جوهرة'],
    ] as const) {
      product[key] = (
        await h.db.selectFrom('products').select('id').where('name', '=', name).executeTakeFirstOrThrow()
      ).id;
    }
  } finally {
    await h.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

/** Buys through the real public API, as the product page does (form data, bearer token). */
async function buy(productId: number, playerId: string): Promise<Order> {
  const res = await fetch(`${store.baseUrl}/public/api/v1/orders-create-fixed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}` },
    body: new URLSearchParams({ playerId, playerName: 'لاعب', productId: String(productId), info: '' }),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data.order;
}

/** The machine is shared: give the browser time rather than vitest's 1 s default. */
const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000, interval: 100 });

const card = (page: Page, id: number) => page.locator('article').filter({ hasText: new RegExp(`طلب #${id}(?!\\d)`) });
const topBarBalance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /رصيدك/ });
const cardIds = async (page: Page) =>
  (
    await page
      .locator('article')
      .getByText(/^طلب #\d+$/)
      .allTextContents()
  ).map((s) => Number(s.replace(/\D/g, '')));

let cancelled: Order;
let accepted: Order;

describe('orders and balance movements in Chromium', () => {
  it('a customer buys, sees the order pending, cancels it, and sees the refund and the balance restored', async () => {
    cancelled = await buy(product.uc660, '5123456789');
    const ctx = await newContext(browser, store.baseUrl, 'phone');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/orders');

    const mine = card(page, cancelled.id);
    await eventually(() => mine.getByText('قيد المراجعة').count()).toBe(1);
    await eventually(() => topBarBalance(page).textContent()).toContain('90.50 $');
    expect(await mine.textContent()).toContain('660 شدة');
    expect(await mine.textContent()).toContain('9.50 $');
    expect(await mine.textContent()).toContain('5123456789');
    await snap(page, 'orders-pending-phone');

    await mine.getByRole('button', { name: 'إلغاء الطلب' }).click();
    await page.getByRole('dialog', { name: 'هل أنت متأكد؟' }).getByRole('button', { name: 'نعم، ألغِ الطلب' }).click();
    await eventually(() => mine.getByText('ملغي').count()).toBe(1);
    expect(await mine.getByRole('button', { name: 'إلغاء الطلب' }).count()).toBe(0);
    await eventually(() => topBarBalance(page).textContent()).toContain('100.00 $');
    await snap(page, 'orders-cancelled-phone');

    await topBarBalance(page).click();
    await page.waitForURL('**/balances');
    const refundRow = page.getByRole('row').filter({ hasText: `استرداد الطلب #${cancelled.id}` });
    await eventually(() => refundRow.count()).toBe(1);
    // Columns: what happened, credit, debit.
    expect(await refundRow.getByRole('cell').nth(1).textContent()).toBe('9.50 $');
    expect(await refundRow.getByRole('cell').nth(2).textContent()).toBe('—');
    const summary = page.getByLabel('ملخص الرصيد');
    expect(await summary.textContent()).toContain('100.00 $');
    await snap(page, 'balances-refund-phone');

    const desk = await newContext(browser, store.baseUrl, 'desktop');
    await signInContext(desk, customer);
    const wide = await desk.newPage();
    await wide.goto('/balances');
    await eventually(() =>
      wide
        .getByRole('row')
        .filter({ hasText: `استرداد الطلب #${cancelled.id}` })
        .count(),
    ).toBe(1);
    await snap(wide, 'balances-refund-desktop');
    await desk.close();
    await ctx.close();
  });

  it(
    'an order the operator accepts turns to accepted on the open ' + 'orders page within one poll, without a reload',
    async () => {
      accepted = await buy(product.gems100, '7000111');
      const operator = await createCustomer(store, { role: 'operator', name: 'المشغل' });
      const ctx = await newContext(browser, store.baseUrl, 'desktop');
      await signInContext(ctx, customer);
      const page = await ctx.newPage();
      await page.goto('/orders');
      const mine = card(page, accepted.id);
      await eventually(() => mine.getByText('قيد المراجعة').count()).toBe(1);
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });

      const h = await openStoreDb(store);
      const decidedAt = Date.now();
      try {
        await work(h.db, (trx) => acceptOrder(trx, accepted.id, { actorId: operator.id, message: 'تم الشحن بنجاح' }));
      } finally {
        await h.close();
      }
      await expect.poll(() => mine.getByText('مقبول').count(), { timeout: 20_000, interval: 250 }).toBe(1);
      const seconds = (Date.now() - decidedAt) / 1000;
      console.log(`accepted status shown ${seconds.toFixed(1)} s after the decision`);
      expect(seconds).toBeLessThan(17);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(await mine.textContent()).toContain('تم الشحن بنجاح');
      await snap(page, 'orders-accepted-desktop');
      await ctx.close();
    },
  );

  it('filters, searches and pages through 28 orders, stable while new orders arrive', async () => {
    const bought: Order[] = [];
    for (let i = 0; i < 26; i++) bought.push(await buy(i % 9 === 0 ? product.uc660 : product.gems100, `p-${1000 + i}`));
    const newestFirst = () => [cancelled, accepted, ...bought].map((o) => o.id).sort((a, b) => b - a);
    expect(newestFirst()).toHaveLength(28);

    for (const viewport of ['desktop', 'phone'] as const) {
      const all = newestFirst();
      const ctx = await newContext(browser, store.baseUrl, viewport);
      await signInContext(ctx, customer);
      const page = await ctx.newPage();
      await page.goto('/orders');
      await eventually(() => cardIds(page)).toEqual(all.slice(0, 10));
      expect(await page.getByLabel('حالة الطلب').inputValue()).toBe('all');
      await snap(page, `orders-page1-${viewport}`);

      await page.getByRole('button', { name: 'التالي' }).click();
      await eventually(() => cardIds(page)).toEqual(all.slice(10, 20));
      if (viewport === 'desktop') bought.push(await buy(product.gems100, 'p-late')); // arrives while the customer pages
      await page.getByRole('button', { name: 'التالي' }).click();
      await eventually(() => cardIds(page)).toEqual(all.slice(20));
      expect(await page.getByRole('button', { name: 'التالي' }).isDisabled()).toBe(true);
      await page.getByRole('navigation', { name: 'التنقل بين الصفحات' }).scrollIntoViewIfNeeded();
      await snap(page, `orders-page3-${viewport}`);
      await page.getByRole('button', { name: 'السابق' }).click();
      await eventually(() => cardIds(page)).toEqual(all.slice(10, 20));
      await ctx.close();
    }

    const ctx = await newContext(browser, store.baseUrl, 'desktop');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/orders');
    const late = bought[bought.length - 1]!.id;
    await eventually(() => cardIds(page).then((ids) => ids[0])).toBe(late);

    await page.getByLabel('حالة الطلب').selectOption('success');
    await eventually(() => cardIds(page)).toEqual([accepted.id]);
    await page.getByLabel('حالة الطلب').selectOption('cancel');
    await eventually(() => cardIds(page)).toEqual([cancelled.id]);
    await page.getByLabel('حالة الطلب').selectOption('all');

    const search = async (text: string) => {
      await page.getByLabel('ابحث في طلباتك').fill(text);
      await page.getByRole('button', { name: 'بحث', exact: true }).click();
    };
    await search('p-1007');
    await eventually(() => cardIds(page)).toEqual([bought[7]!.id]);
    await search('660');
    const uc = [cancelled, ...bought.filter((_, i) => i < 26 && i % 9 === 0)].map((o) => o.id).sort((a, b) => b - a);
    await eventually(() => cardIds(page)).toEqual(uc);
    await snap(page, 'orders-search-desktop');
    await search(`#${accepted.id}`);
    await eventually(() => cardIds(page)).toContain(accepted.id);
    await search('لا يوجد طلب بهذا الاسم');
    await eventually(() => page.getByText('لا توجد عناصر لعرضها').count()).toBe(1);
    await snap(page, 'orders-empty-desktop');
    await ctx.close();

    const h = await openStoreDb(store);
    try {
      const report = await verifyLedger(h.db);
      expect(report.drifts).toEqual([]);
      expect(report.ok).toBe(true);
    } finally {
      await h.close();
    }
  });
});
