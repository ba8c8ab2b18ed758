import { work } from '../server/src/kernel/unit-of-work';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../server/src/modules/notifications/notify';
import { newContext, settled } from './harness/browser';
import { repoRoot } from './harness/server';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

/**
 * Regenerates docs/screenshots: every customer screen on a 390 px phone and a 1280 px desktop,
 * in both themes, for a person to look at (and for the README). Each shot also proves the
 * screen rendered its main content with no horizontal overflow.
 */
const harness = useStoreAndBrowser();
const outDir = path.join(repoRoot, 'docs/screenshots');
let customer: Customer;
const product: Record<string, number> = {};

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  customer = await createCustomer(harness.store, { balance: 50_000_000, name: 'سارة أحمد' });
  const h = await openStoreDb(harness.store);
  try {
    for (const r of await h.db.selectFrom('products').select(['id', 'name']).execute()) product[r.name] = r.id;
    await work(h.db, (trx) => notify(trx, customer.id, 'تم تنفيذ طلبك', 'تم شحن 660 شدة إلى حسابك.'));
  } finally {
    await h.close();
  }
  // One order, placed through the real API, so the order screens have something to show.
  const res = await fetch(`${harness.store.baseUrl}/public/api/v1/orders-create-fixed`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ playerId: '5123456789', productId: product['660 شدة'] }),
  });
  expect(res.status).toBe(201);
});

type Shot = {
  name: string;
  path: () => string;
  ready: (page: Page) => Promise<unknown>;
  guest?: boolean;
  act?: (page: Page) => Promise<unknown>;
};

const shots: Shot[] = [
  { name: 'home', path: () => '/', ready: (p) => p.getByRole('link', { name: 'ببجي موبايل' }).waitFor() },
  {
    name: 'category',
    path: () => '/categories/1',
    ready: (p) => p.getByRole('link', { name: 'شدات ببجي (UC)' }).waitFor(),
  },
  {
    name: 'department',
    path: () => '/departments/1',
    ready: (p) => p.getByRole('link', { name: 'شراء: 660 شدة' }).waitFor(),
  },
  {
    name: 'product',
    path: () => `/products/${product['660 شدة']}`,
    ready: (p) => p.getByRole('button', { name: /^شراء —/ }).waitFor(),
  },
  {
    name: 'product-confirm',
    path: () => `/products/${product['660 شدة']}`,
    ready: (p) => p.getByRole('dialog').waitFor(),
    act: async (p) => {
      await p.getByLabel('معرّف الحساب (ID)').fill('5123456789');
      await p.getByRole('button', { name: /^شراء —/ }).click();
    },
  },
  {
    name: 'product-free',
    path: () => `/products/${product['شدات بالعدد']}`,
    ready: (p) => p.getByLabel('الكمية', { exact: true }).waitFor(),
  },
  {
    name: 'orders',
    path: () => '/orders',
    ready: (p) =>
      p
        .getByRole('link', { name: /تفاصيل الطلب/ })
        .first()
        .waitFor(),
  },
  {
    name: 'order-detail',
    path: () => '/orders',
    ready: (p) => p.getByRole('region', { name: 'سجل الحالة' }).waitFor(),
    act: (p) =>
      p
        .getByRole('link', { name: /تفاصيل الطلب/ })
        .first()
        .click(),
  },
  {
    name: 'payments',
    path: () => '/payments',
    ready: (p) => p.getByText('اسم صاحب الحساب').waitFor(),
    act: (p) => p.getByRole('main').getByText('بنك البركة', { exact: true }).click(),
  },
  { name: 'charges', path: () => '/charges', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'balances', path: () => '/balances', ready: (p) => p.getByText('الرصيد الحالي').waitFor() },
  { name: 'notifications', path: () => '/notifications', ready: (p) => p.getByText('تم تنفيذ طلبك').waitFor() },
  {
    name: 'partners',
    path: () => '/partners',
    ready: (p) =>
      p
        .getByRole('link', { name: /محادثة/ })
        .first()
        .waitFor(),
  },
  { name: 'profile', path: () => '/profile', ready: (p) => p.getByLabel('رقم الهاتف').waitFor() },
  { name: 'login', path: () => '/login', ready: (p) => p.getByLabel('البريد الإلكتروني').waitFor(), guest: true },
  { name: 'register', path: () => '/register', ready: (p) => p.getByLabel('رقم الهاتف').waitFor(), guest: true },
];

describe.each(['phone', 'desktop'] as const)('customer screens on a %s', (size) => {
  // The themes change colours only, so the layout checks need one; RASEED_SCREENSHOTS=all
  // regenerates the light set of docs/screenshots too (a minute of CI's two cores otherwise).
  const themes = process.env.RASEED_SCREENSHOTS === 'all' ? (['dark', 'light'] as const) : (['dark'] as const);
  it.each(themes)('every screen in the %s theme', async (theme) => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, size);
    await signInContext(ctx, customer);
    await ctx.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const guestCtx = await newContext(harness.browser, harness.store.baseUrl, size);
    await guestCtx.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    const page = await ctx.newPage();
    const guest = await guestCtx.newPage();
    for (const shot of shots) {
      const p = shot.guest ? guest : page;
      await p.goto(shot.path());
      if (shot.act) await shot.act(p);
      await shot.ready(p);
      await settled(p);
      expect(
        await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${shot.name} overflows`,
      ).toBe(true);
      await p.screenshot({ path: path.join(outDir, `${shot.name}-${size}-${theme}.png`) });
    }
    await ctx.close();
    await guestCtx.close();
  });
});
