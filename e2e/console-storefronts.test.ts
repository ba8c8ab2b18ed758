import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './harness/api';
import { newContext } from './harness/browser';
import { signInContext } from './harness/session';
import { type Customer, createCustomer } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

/**
 * The console's storefronts (docs/storefronts.md#in-the-console): an operator adds a storefront
 * on `b.localhost` (Chromium resolves every *.localhost to the loopback server), marks its prices
 * up and hides a product there; that host then sells at the storefront's prices, without the
 * hidden product, while the provider's own store is unchanged. Its customers' orders are refused
 * until the operator credits its account in the console; then they pass, debited at the
 * provider's price.
 */
const harness = useStoreAndBrowser();

let operator: Customer;
let categoryId: number;
let shownId: number;
const CATEGORY = 'بطاقات النجمة';
const SHOWN = 'بطاقة ستيم 10$';
const HIDDEN = 'بطاقة المتجر الرئيسي';

const hostB = () => `http://b.localhost:${new URL(harness.store.baseUrl).port}`;

beforeAll(async () => {
  operator = await createCustomer(harness.store, { role: 'operator', name: 'المشرف' });
  const admin = async (path: string, body: unknown) => {
    const res = await callApi(harness.store, 'POST', `/admin/api/v1${path}`, operator.token, body);
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.data;
  };
  categoryId = (await admin('/categories', { name: CATEGORY })).category.id;
  shownId = (await admin('/products', { category_id: categoryId, name: SHOWN, price: '10', sort: 1 })).product.id;
  await admin('/products', { category_id: categoryId, name: HIDDEN, price: '5', sort: 2 });
}, 60_000);

/** An order placed by `customer` from `baseUrl`'s pages (its host names the storefront): status and message. */
async function orderFrom(baseUrl: string, customer: Customer, productId: number): Promise<string> {
  const ctx = await newContext(harness.browser, baseUrl, 'phone');
  const page = await ctx.newPage();
  await page.goto('/');
  const status = await page.evaluate(
    async ({ token, productId }) => {
      const res = await fetch('/public/api/v1/orders-create-fixed', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ playerId: '5123456789', productId }),
      });
      return `${res.status} ${((await res.json()) as { msg?: string }).msg}`;
    },
    { token: customer.token, productId },
  );
  await ctx.close();
  return status;
}

/** The category page as a customer of the host sees it: each product's name with its price. */
async function categoryCards(baseUrl: string, customer: Customer): Promise<string[]> {
  const ctx = await newContext(harness.browser, baseUrl, 'phone');
  await signInContext(ctx, customer);
  const page = await ctx.newPage();
  await page.goto(`/categories/${categoryId}`);
  await page.getByText(SHOWN).waitFor();
  const cards = await page.locator('main a').allInnerTexts();
  await ctx.close();
  return cards;
}

describe('storefronts in the console', () => {
  it('adds a storefront, marks it up and hides a product; its host sells at its prices', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(ctx, operator);
    const page = await ctx.newPage();
    await page.goto('/admin/storefronts');
    await page.getByRole('button', { name: 'إضافة متجر' }).click();
    const form = page.getByRole('form', { name: 'متجر جديد' });
    await form.getByLabel('اسم المتجر').fill('متجر النجمة');
    await form.getByLabel('النطاق 1', { exact: true }).fill('b.localhost');
    await form.getByRole('button', { name: 'حفظ' }).click();
    const row = page.getByRole('article', { name: 'متجر النجمة' });
    await row.getByText('b.localhost').waitFor();

    // Its prices page, reached from its row: the storefront's markup, then one product hidden.
    await row.getByRole('link', { name: 'الأسعار' }).click();
    await page.getByRole('heading', { level: 1, name: 'أسعار المتجر: متجر النجمة' }).waitFor();
    const storefrontId = Number(new URL(page.url()).searchParams.get('storefront'));
    expect(storefrontId).toBeGreaterThan(1);
    await page.getByLabel('نسبة زيادة المتجر (%)').fill('20');
    await page.getByRole('button', { name: 'حفظ النسبة' }).click();
    await page.getByText('تم الحفظ').first().waitFor();
    await page.getByRole('button', { name: `عرض المنتجات: ${CATEGORY}` }).click();
    const shown = page.getByRole('form', { name: SHOWN });
    await shown.getByText('سعر المزود 10.00 $ ← في هذا المتجر 12.00 $').waitFor();
    const hidden = page.getByRole('form', { name: HIDDEN });
    await hidden.getByLabel('مخفي في هذا المتجر').check();
    await hidden.getByRole('button', { name: 'حفظ' }).click();
    await hidden.getByText('مخفي', { exact: true }).waitFor();
    await ctx.close();

    // b.localhost, to its own customer: the storefront's price, and no hidden product.
    const onB = await categoryCards(hostB(), await createCustomer(harness.store, { storefrontId }));
    expect(onB.find((t) => t.includes(SHOWN))).toContain('12.00 $');
    expect(onB.join('\n')).not.toContain(HIDDEN);

    // B's customer cannot buy while B's account with the provider holds nothing.
    const buyer = await createCustomer(harness.store, { storefrontId, balance: 50_000_000 });
    expect(await orderFrom(hostB(), buyer, shownId)).toMatch(/^422 تعذّر على المتجر تنفيذ هذا الطلب/);

    // The operator credits B's account from its row on the storefronts page.
    const consoleCtx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(consoleCtx, operator);
    const page2 = await consoleCtx.newPage();
    await page2.goto('/admin/storefronts');
    const rowB = page2.getByRole('article', { name: 'متجر النجمة' });
    await rowB.getByText('رصيد منخفض').waitFor();
    await rowB.getByRole('link', { name: 'الحساب: متجر النجمة' }).click();
    await page2.getByRole('heading', { level: 1, name: 'حساب متجر النجمة لدى المزود' }).waitFor();
    const adjust = page2.getByRole('form', { name: 'إيداع أو خصم' });
    await adjust.getByLabel('المبلغ (موجب للإيداع، سالب للخصم)').fill('25');
    await adjust.getByLabel('السبب (يُحفظ في سجل الحساب)').fill('حوالة بنكية');
    await adjust.getByRole('button', { name: 'تنفيذ' }).click();
    await page2.getByText('تم تعديل الحساب، الرصيد الآن 25.00 $').waitFor();

    // Now it passes: the customer pays B's 12.00, B's account the provider's 10.00.
    expect(await orderFrom(hostB(), buyer, shownId)).toMatch(/^201 /);
    await page2.reload();
    const ledger = page2.getByRole('table', { name: 'حركات الحساب' });
    await ledger.getByText('إيداع من المزوّد: حوالة بنكية').waitFor();
    expect(await ledger.locator('tbody tr').first().innerText()).toContain('10.00 $');
    expect(await page2.getByText('المتاح', { exact: true }).locator('xpath=..').innerText()).toContain('15.00 $');
    await consoleCtx.close();

    // The provider's own store: as the operator typed it.
    const onProvider = await categoryCards(harness.store.baseUrl, await createCustomer(harness.store));
    expect(onProvider.find((t) => t.includes(SHOWN))).toContain('10.00 $');
    expect(onProvider.find((t) => t.includes(HIDDEN))).toContain('5.00 $');
  });
});
