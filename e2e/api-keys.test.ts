import { describe, expect, it } from 'vitest';
import { startReceiver, verifiedBy } from '../server/test/webhook-receiver';
import { callApi, eventually } from './harness/api';
import { axeFailures } from './harness/axe';
import { newContext, snap } from './harness/browser';
import { signInContext } from './harness/session';
import { createCustomer, openStoreDb } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

const harness = useStoreAndBrowser();

const TOKEN = /^rsd_live_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}$/;

describe('API keys in Chromium', () => {
  it('a reseller makes a key behind the password prompt, sees its token once, copies it, then revokes it', async () => {
    const operator = await createCustomer(harness.store, { role: 'operator' });
    const customer = await createCustomer(harness.store, { name: 'وكيل الاختبار' });
    // The operator lets the customer use the API (the console's switch sends this).
    const allowed = await callApi(harness.store, 'PATCH', `/admin/api/v1/users/${customer.id}`, operator.token, {
      api_access: true,
    });
    expect(allowed.status).toBe(200);

    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    // The browser's stored user predates the access: the visit's /me brings it.
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/profile');
    await page.getByRole('link', { name: 'إدارة مفاتيح واجهة البرمجة' }).click();
    await page.waitForURL('**/api-keys');
    await page.getByRole('heading', { name: 'واجهة البرمجة', level: 1 }).waitFor();
    await page.getByText('لا توجد مفاتيح بعد.').waitFor();
    expect(await axeFailures(page, 'main')).toEqual([]);
    await snap(page, 'api-keys-empty-desktop');

    await page.getByLabel('اسم المفتاح').fill('متجري الإلكتروني');
    await page.getByRole('button', { name: 'إنشاء المفتاح' }).click();
    // The session's password was not confirmed lately: the app asks for it, then sends again.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة').waitFor();
    await dialog.getByLabel('كلمة المرور').fill(customer.password);
    await dialog.getByRole('button', { name: 'تأكيد' }).click();

    const shown = page.getByRole('region', { name: 'انسخ المفتاح الآن' });
    await shown.waitFor();
    const token = (await shown.locator('[data-token]').textContent()) ?? '';
    expect(token).toMatch(TOKEN);
    expect(await axeFailures(page, 'main')).toEqual([]);
    await snap(page, 'api-keys-token-once-desktop');
    await shown.getByRole('button', { name: 'نسخ المفتاح' }).click();
    await page.getByText('تم النسخ إلى الحافظة').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // The key works as the customer, on the API.
    const me = await callApi(harness.store, 'GET', '/public/api/v1/me', token);
    expect(me.status).toBe(200);
    expect(me.json.data.user.id).toBe(customer.id);

    await shown.getByRole('button', { name: 'نسخت المفتاح' }).click();
    await shown.waitFor({ state: 'detached' });
    const list = page.getByRole('region', { name: 'مفاتيحك' });
    await list.getByText('متجري الإلكتروني').waitFor();
    await list.getByText(`${token.slice(0, 15)}…`).waitFor();
    // Once gone, never again: not after a reload either.
    await page.reload();
    await list.getByText('متجري الإلكتروني').waitFor();
    expect(await page.content()).not.toContain(token.slice(15));

    await list.getByRole('button', { name: 'إلغاء المفتاح' }).click();
    const confirm = page.getByRole('dialog', { name: 'إلغاء المفتاح «متجري الإلكتروني»؟' });
    await confirm.getByText('يتوقف كل برنامج يستخدم هذا المفتاح فوراً').waitFor();
    await snap(page, 'api-keys-revoke-desktop');
    await confirm.getByRole('button', { name: 'إلغاء المفتاح' }).click();
    await page.getByText('تم إلغاء المفتاح').first().waitFor();
    await list.getByText('لا توجد مفاتيح بعد.').waitFor();
    const refused = await callApi(harness.store, 'GET', '/public/api/v1/me', token);
    expect(refused.status).toBe(401);
    expect(refused.json.msg).toContain('تم إلغاء مفتاح واجهة البرمجة');
    await ctx.close();
  });

  it('a customer without API access has no link and no page', async () => {
    const customer = await createCustomer(harness.store);
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/profile');
    await page.getByLabel('الاسم').waitFor();
    expect(await page.getByRole('link', { name: 'إدارة مفاتيح واجهة البرمجة' }).count()).toBe(0);
    await page.goto('/api-keys');
    await page.getByText('الصفحة غير موجودة').waitFor();
    await ctx.close();
  });

  it('on a phone: adds a webhook endpoint, a test key orders, the signed event arrives as delivered', async () => {
    const receiver = await startReceiver();
    const operator = await createCustomer(harness.store, { role: 'operator' });
    const customer = await createCustomer(harness.store, { name: 'وكيل التجربة' });
    await callApi(harness.store, 'PATCH', `/admin/api/v1/users/${customer.id}`, operator.token, { api_access: true });
    const confirmed = await callApi(harness.store, 'POST', '/public/api/v1/user/confirm-password', customer.token, {
      password: customer.password,
    });
    expect(confirmed.status).toBe(200);
    const made = await callApi(harness.store, 'POST', '/public/api/v1/api-keys', customer.token, {
      name: 'تجربة المتجر',
      mode: 'test',
    });
    expect(made.status).toBe(201);
    const testKey: string = made.json.data.api_key.token;

    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    await signInContext(ctx, customer);
    const page = await ctx.newPage();
    await page.goto('/api-keys');
    await page.getByText(/رصيد التجربة: 1,?000\.00/).waitFor();
    await page.getByLabel('عنوان الاستقبال').fill(receiver.url('/raseed'));
    await page.getByRole('button', { name: 'إضافة العنوان' }).click();
    const secretBox = page.getByRole('region', { name: 'انسخ سر التوقيع الآن' });
    await secretBox.waitFor();
    const secret = ((await secretBox.locator('[data-secret]').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await secretBox.getByRole('button', { name: 'نسخت السر' }).click();

    const h = await openStoreDb(harness.store);
    const product = await h.db
      .selectFrom('products')
      .select('id')
      .where('name', '=', '660 شدة')
      .executeTakeFirstOrThrow();
    await h.close();
    const placed = await callApi(harness.store, 'POST', '/public/api/v1/orders-create-fixed', testKey, {
      productId: product.id,
      playerId: '5120001',
    });
    expect(placed.status).toBe(201);
    expect(placed.json.data.order.status).toBe('success');
    const got = await eventually(
      () => receiver.received.find((r) => r.path === '/raseed'),
      (r) => r !== undefined,
    );
    expect(got?.json).toMatchObject({ type: 'order.updated', livemode: false });
    expect(got && verifiedBy([secret], got)).toEqual([true]);

    await page.reload();
    await page.getByRole('button', { name: 'الأحداث المرسلة' }).click();
    const deliveries = page.getByRole('region', { name: 'آخر الأحداث' });
    await deliveries.getByText('وصل').first().waitFor();
    await page
      .getByText(/رصيد التجربة: /)
      .first()
      .scrollIntoViewIfNeeded();
    expect(await axeFailures(page, 'main')).toEqual([]);
    await snap(page, 'api-keys-test-balance-phone');
    await deliveries.scrollIntoViewIfNeeded();
    await snap(page, 'api-keys-webhooks-phone');
    await ctx.close();
    await receiver.close();
  });
});
