import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, settled, snap as snapNow } from './harness/browser';
import { authenticatorCode } from './harness/login';
import { type Customer, createCustomer, giveAuthenticator, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

/**
 * An operator's working day in the console, in Chromium against a real store: signing in with
 * password and TOTP, the one-row navigation, money decisions that ask first, copy buttons, the
 * queue's keyboard shortcuts and the low-stock list.
 */
const harness = useStoreAndBrowser();
let operator: Customer;
let setupKey: string;
let buyer: Customer;
let orderIds: number[] = [];
let topupId: number;
const PLAYER_IDS = ['5123456789', '6677889900'];
const LOW_PRODUCT = 'بطاقة آيتونز 25$ (اختبار)';

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
  const json = (await res.json()) as T;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function balanceOf(id: number): Promise<number> {
  const h = await openStoreDb(harness.store);
  try {
    return (await h.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance;
  } finally {
    await h.close();
  }
}

async function orderStatus(id: number): Promise<string> {
  const h = await openStoreDb(harness.store);
  try {
    return (await h.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  } finally {
    await h.close();
  }
}

/** A screenshot once dialogs and toasts have finished fading in. */
async function snap(page: Page, name: string) {
  await settled(page);
  await snapNow(page, name);
}

/** Signs in through the forms, with the authenticator's code, from wherever `page` is. */
async function signInWithTotp(page: Page, step: number) {
  await page.getByLabel('البريد الإلكتروني').fill(operator.email);
  await page.getByLabel('كلمة المرور').fill(operator.password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.waitForURL('**/challenge-tow-factory');
  await page.getByLabel('رمز التحقق').fill(authenticatorCode(setupKey, step));
  await page.getByRole('button', { name: 'تحقق' }).click();
}

/** The section tabs' places: one row means one top; a badge that changes must move none. */
async function tabBoxes(page: Page) {
  return page
    .getByRole('navigation', { name: 'أقسام لوحة التحكم' })
    .locator(':scope > ul > li')
    .evaluateAll((items) =>
      items
        .filter((li) => (li as HTMLElement).offsetParent !== null)
        .map((li) => {
          const r = li.getBoundingClientRect();
          return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width) };
        }),
    );
}

beforeAll(async () => {
  operator = await createCustomer(harness.store, { role: 'operator', name: 'مشرفة الطابور' });
  setupKey = await giveAuthenticator(harness.store, operator.id);
  buyer = await createCustomer(harness.store, { balance: 50_000_000, name: 'زبون الطابور' });

  type Categories = { data: { categories: Array<{ id: number }> } };
  type Products = { data: { products: Array<{ id: number; free: boolean; delivery: string }> } };
  const categoryId = (await call<Categories>('GET', '/admin/api/v1/categories', operator.token)).data.categories[0]!.id;
  const fixed = (
    await call<Products>('GET', `/admin/api/v1/products?category_id=${categoryId}`, operator.token)
  ).data.products.filter((p) => !p.free && p.delivery === 'manual');
  orderIds = [];
  for (const playerId of PLAYER_IDS) {
    const placed = await call<{ data: { order: { id: number } } }>(
      'POST',
      '/public/api/v1/orders-create-fixed',
      buyer.token,
      { productId: fixed[0]!.id, playerId },
    );
    orderIds.push(placed.data.order.id);
  }
  // A stock product with one code left under a threshold of five.
  const low = fixed[1]!.id;
  await call('PATCH', `/admin/api/v1/products/${low}`, operator.token, {
    name: LOW_PRODUCT,
    delivery: 'stock',
    low_stock_threshold: 5,
  });
  await call('POST', `/admin/api/v1/products/${low}/codes`, operator.token, { codes: ['E2E-LOW-0001'] });

  const h = await openStoreDb(harness.store);
  try {
    const bank = await h.db.selectFrom('banks').select('id').executeTakeFirstOrThrow();
    const row = await h.db
      .insertInto('charges')
      .values({
        user_id: buyer.id,
        bank_id: bank.id,
        amount: 25_500_000,
        img_key: 'receipts/none.png',
        status: 'pending',
        reason: null,
        decided_by: null,
        decided_at: null,
        created_at: new Date().toISOString(),
        img_sha256: null,
        img_phash: null,
        duplicate_of: null,
        transfer_ref: null,
        amount_local: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    topupId = row.id;
  } finally {
    await h.close();
  }
});

describe('an operator’s working day (Chromium, real store)', () => {
  it(
    'desktop: lands on the asked /admin page after password and TOTP; one-row nav that a badge ' +
      'change does not move; a top-up asks before crediting; copy and keyboard decide orders',
    async () => {
      const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.log('page error:', e.message));

      // Lands on the /admin page asked for, after password and TOTP.
      await page.goto('/admin/charges');
      await page.waitForURL('**/login');
      await signInWithTotp(page, 0);
      await page.waitForURL((u) => u.pathname === '/admin/charges');

      // One row of tabs at 1280 px, with «المزيد» for the rest.
      const card = page.getByRole('article', { name: new RegExp(`#${topupId}`) });
      await card.waitFor();
      const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
      await nav.getByRole('link', { name: 'طلبات الشحن 1' }).waitFor();
      const before = await tabBoxes(page);
      expect(new Set(before.map((b) => b.y)).size).toBe(1);
      expect(before.length).toBeGreaterThanOrEqual(8);
      const header = (await page.locator('header').first().boundingBox())!;
      expect(header.height).toBeLessThan(70);
      await nav.getByRole('button', { name: /المزيد/ }).click();
      await nav.getByRole('link', { name: 'سجل العمليات' }).waitFor();
      await snap(page, 'console-workday-more-menu-desktop');
      await page.keyboard.press('Escape');

      // Approving asks, with the amount and the customer; nothing is credited before the answer.
      const balance = await balanceOf(buyer.id);
      await card.getByRole('button', { name: 'قبول وشحن الرصيد' }).click();
      const ask = page.getByRole('dialog', { name: 'اعتماد 25.50 $ لـ زبون الطابور؟' });
      await ask.waitFor();
      await snap(page, 'console-workday-topup-confirm-desktop');
      expect(await balanceOf(buyer.id)).toBe(balance);
      await ask.getByRole('button', { name: 'رجوع' }).click();
      expect(await balanceOf(buyer.id)).toBe(balance);
      await card.getByRole('button', { name: 'قبول وشحن الرصيد' }).click();
      await ask.getByRole('button', { name: 'قبول وشحن الرصيد' }).click();
      await page.getByText('تم شحن رصيد العميل').waitFor();
      expect(await balanceOf(buyer.id)).toBe(balance + 25_500_000);

      // The top-ups badge went away; no tab moved.
      await expect.poll(() => nav.getByRole('link', { name: 'طلبات الشحن', exact: true }).count()).toBe(1);
      expect(await tabBoxes(page)).toEqual(before);

      // The orders queue: copy the player id, then accept with the keyboard.
      await nav
        .getByRole('link', { name: /الطلبات/ })
        .first()
        .click();
      const first = page.getByRole('article', { name: new RegExp(`#${orderIds[0]}`) });
      await first.waitFor();
      await first.getByRole('button', { name: 'نسخ معرّف الحساب (ID)' }).click();
      await page.getByText('تم النسخ إلى الحافظة').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PLAYER_IDS[0]);
      await snap(page, 'console-workday-orders-desktop');

      await page.keyboard.press('j');
      expect(await first.getAttribute('aria-current')).toBe('true');
      await page.keyboard.press('a');
      const accept = page.getByRole('dialog', { name: new RegExp(`تنفيذ الطلب #${orderIds[0]}`) });
      await accept.waitFor();
      expect(await orderStatus(orderIds[0]!)).toBe('pending');
      await snap(page, 'console-workday-accept-confirm-desktop');
      // The confirm button has the focus: Enter answers yes.
      await page.keyboard.press('Enter');
      await page.getByText('تم قبول الطلب').waitFor();
      expect(await orderStatus(orderIds[0]!)).toBe('success');

      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' }).waitFor();
      await snap(page, 'console-workday-shortcuts-desktop');
      await page.keyboard.press('Escape');

      // The dashboard names the low product.
      await nav.getByRole('link', { name: 'نظرة عامة' }).click();
      const low = page.getByRole('region', { name: 'منتجات قاربت على النفاد' });
      await low.getByText(LOW_PRODUCT).waitFor();
      expect(await low.getByText('متاح 1 · الحد 5').count()).toBe(1);
      await snap(page, 'console-workday-dashboard-desktop');
      await ctx.close();
    },
  );

  it('phone: /login lands on /admin; the tabs scroll in one row with a fade hinting at more', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('page error:', e.message));
    await page.goto('/login');
    // The desktop test spent this step's code.
    await signInWithTotp(page, 1);
    await page.waitForURL((u) => u.pathname === '/admin');

    const nav = page.getByRole('navigation', { name: 'أقسام لوحة التحكم' });
    await nav.getByRole('link', { name: 'نظرة عامة' }).waitFor();
    const boxes = await tabBoxes(page);
    expect(new Set(boxes.map((b) => b.y)).size).toBe(1);
    const row = nav.locator(':scope > ul');
    expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await nav.locator('[data-scroll-hint="more"]').waitFor({ state: 'attached' });
    await snap(page, 'console-workday-nav-phone');

    // Scrolled to its end, the hint goes.
    await row.evaluate((el) => el.scrollTo({ left: -el.scrollWidth }));
    await expect.poll(() => nav.locator('[data-scroll-hint="more"]').count()).toBe(0);
    await snap(page, 'console-workday-nav-end-phone');

    await nav
      .getByRole('link', { name: /الطلبات/ })
      .first()
      .click();
    const second = page.getByRole('article', { name: new RegExp(`#${orderIds[1]}`) });
    await second.waitFor();
    await second.getByRole('button', { name: 'نسخ معرّف الحساب (ID)' }).click();
    await page.getByText('تم النسخ إلى الحافظة').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PLAYER_IDS[1]);
    await snap(page, 'console-workday-orders-phone');
    await ctx.close();
  });
});
