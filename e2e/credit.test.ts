import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../server/src/modules/wallet/verify';
import { newContext, settled, snap } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();
let agent: Customer;
let operator: Customer;

beforeAll(async () => {
  agent = await createCustomer(harness.store, { balance: 2_000_000, name: 'وكيل موثوق' });
  operator = await createCustomer(harness.store, { role: 'operator', name: 'مشرف الدين' });
});

const still = async (page: Page, name: string) => {
  await settled(page);
  await snap(page, name);
};

describe('selling on credit', () => {
  it('the operator caps, lends and records a repayment; the agent sees the debt and each line', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(ctx, operator);
    const page = await ctx.newPage();
    await page.goto('/admin/users');
    await page.getByLabel('الاسم، البريد، الهاتف أو #الرقم').fill(agent.email);
    await page.getByLabel('الاسم، البريد، الهاتف أو #الرقم').press('Enter');
    const card = page.locator('article').filter({ hasText: agent.email });
    await card.getByRole('button', { name: 'الدين والسداد' }).click();

    await card.getByLabel('حد الدين (فارغ: بلا حد)').fill('30');
    await card.getByRole('button', { name: 'حفظ الحد' }).click();
    await page.getByText('تم حفظ حد الدين').waitFor();

    await card.getByLabel('المبلغ', { exact: true }).fill('20');
    await card.getByLabel('البيان (يظهر للعميل)').fill('بضاعة الأسبوع');
    await card.getByRole('button', { name: 'إضافة رصيد دين' }).click();
    await page.getByText('تمت إضافة رصيد الدين، الدين الآن 20.00 $').waitFor();

    await card.getByLabel('المبلغ', { exact: true }).fill('20');
    await card.getByLabel('البيان (يظهر للعميل)').fill('دفعة فوق الحد');
    await card.getByRole('button', { name: 'إضافة رصيد دين' }).click();
    await card.getByText('المبلغ يتجاوز حد الدين المسموح لهذا العميل (30.00)').first().waitFor();

    await card.getByLabel('المبلغ', { exact: true }).fill('5');
    await card.getByLabel('البيان (يظهر للعميل)').fill('سداد نقدي');
    await card.getByRole('button', { name: 'تسجيل سداد' }).click();
    await page.getByText('تم تسجيل السداد، الدين الآن 15.00 $').waitFor();
    const history = card.getByRole('region', { name: 'سجل الدين' });
    await expect.poll(() => history.locator('li').count()).toBe(2);
    await still(page, 'credit-console-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await still(page, 'credit-console-phone');
    await ctx.close();

    const shop = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(shop, agent);
    const mine = await shop.newPage();
    await mine.goto('/balances');
    const summary = mine.getByRole('definition');
    await expect.poll(() => summary.allTextContents()).toEqual(['22.00 $', '15.00 $', '0.00 $']);
    await mine.getByText('رصيد دين: بضاعة الأسبوع').waitFor();
    await mine.getByText('سداد دين بمبلغ 5.00: سداد نقدي').waitFor();
    await still(mine, 'credit-balances-phone');
    await shop.close();

    const h = await openStoreDb(harness.store);
    try {
      expect(await verifyLedger(h.db)).toMatchObject({ ok: true, debtIssues: [] });
    } finally {
      await h.close();
    }
  });
});
