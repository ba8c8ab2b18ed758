import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetLinkOf, type SmtpSink, startSmtpSink } from '../server/test/smtp-sink';
import { axeFailures } from './harness/axe';
import { newContext, snap } from './harness/browser';
import { loginThroughForm } from './harness/login';
import { freePort } from './harness/server';
import { signInContext } from './harness/session';
import { createCustomer } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

// The store mails through a real SMTP server this test runs on loopback; its links point to the
// store itself (PUBLIC_URL), so the port is chosen before the store starts.
const env: Record<string, string> = {};
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  const port = await freePort();
  Object.assign(env, { SMTP_URL: sink.url, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await sink?.close();
});
const harness = useStoreAndBrowser(env);

const path = (page: Page) => new URL(page.url()).pathname;

describe('getting back into an account in Chromium', () => {
  it('mails a link that sets a new password once, and signs the other devices out saying why', async () => {
    const customer = await createCustomer(harness.store, { name: 'سارة' });
    // Another device, signed in and on the home page while the password is reset.
    const elsewhere = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(elsewhere, customer);
    const other = await elsewhere.newPage();
    await other.goto('/');
    await other
      .getByRole('link', { name: /^رصيدك/ })
      .first()
      .waitFor();

    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('البريد الإلكتروني').fill(customer.email);
    await snap(page, 'reset-forgot-phone');
    expect(await axeFailures(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'أرسل الرابط' }).click();
    await page.getByRole('status').filter({ hasText: 'إن كان هذا البريد مسجّلاً لدينا' }).waitFor();
    await snap(page, 'reset-forgot-sent-phone');

    // The mail the SMTP server received: Arabic, to the customer, with a link to this store.
    const mail = await sink.next((m) => m.to.includes(customer.email));
    expect(mail.text).toContain('مرحباً سارة،');
    const { url } = resetLinkOf(mail);
    expect(url.startsWith(`${harness.store.baseUrl}/reset-password#`)).toBe(true);

    await page.goto(url);
    await page.getByLabel('كلمة المرور الجديدة').fill('brand-new-pass-1');
    await snap(page, 'reset-new-password-phone');
    expect(await axeFailures(page, 'main')).toEqual([]);
    await page.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await page.getByText('تم تعيين كلمة المرور الجديدة. سجّل الدخول بها الآن.').waitFor();
    await snap(page, 'reset-done-phone');

    // The other device is signed out at once (its event stream ended), and told why.
    await other.waitForURL('**/login', { timeout: 15_000 });
    await other
      .getByRole('status')
      .filter({ hasText: 'تم تسجيل خروجك لأن كلمة مرور حسابك أُعيد تعيينها عبر البريد الإلكتروني' })
      .waitFor();
    await snap(other, 'reset-signed-out-elsewhere-desktop');

    // The new password signs in; the old one does not.
    await loginThroughForm(page, customer.email, 'brand-new-pass-1');
    expect(path(page)).toBe('/');

    // The link works once.
    const again = await ctx.newPage();
    await again.goto(url);
    await again.getByLabel('كلمة المرور الجديدة').fill('another-pass-22');
    await again.getByRole('button', { name: 'حفظ كلمة المرور' }).click();
    await again.getByRole('alert').filter({ hasText: 'استُخدم رابط تعيين كلمة المرور هذا من قبل' }).waitFor();
    await again.getByRole('link', { name: 'اطلب رابطاً جديداً' }).waitFor();
    await snap(again, 'reset-used-link-phone');
    await ctx.close();

    const check = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    const login = await check.newPage();
    await login.goto('/login');
    await login.getByLabel('البريد الإلكتروني').fill(customer.email);
    await login.getByLabel('كلمة المرور').fill(customer.password);
    await login.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await login.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }).waitFor();
    await check.close();
    await elsewhere.close();
  });

  it('shows the forgot-password pages on a desktop', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    const page = await ctx.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('البريد الإلكتروني').waitFor();
    await snap(page, 'reset-forgot-desktop');
    await page.goto('/reset-password#AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByLabel('كلمة المرور الجديدة').waitFor();
    await snap(page, 'reset-new-password-desktop');
    await ctx.close();
  });
});

describe('the two-factor setup key and the cover in Chromium', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`keeps the setup key on one line with copy and otpauth: (${viewport})`, async () => {
      const customer = await createCustomer(harness.store);
      const ctx = await newContext(harness.browser, harness.store.baseUrl, viewport);
      await signInContext(ctx, customer);
      const page = await ctx.newPage();
      await page.goto('/enable-2fa');
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('كلمة المرور').fill(customer.password);
      await dialog.getByRole('button', { name: 'تأكيد' }).click();
      const key = page.getByTestId('setup-key');
      await key.waitFor();
      const box = await key.evaluate((el) => ({
        // The text's own lines: one rectangle per line box.
        lines: (() => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
        })(),
        fits: el.scrollWidth <= el.clientWidth,
        whiteSpace: getComputedStyle(el).whiteSpace,
        bidi: getComputedStyle(el).unicodeBidi,
        direction: getComputedStyle(el).direction,
      }));
      expect(box.whiteSpace).toBe('nowrap');
      expect(box.bidi).toBe('isolate');
      expect(box.direction).toBe('ltr');
      // One line, and the whole key in view (it shrinks to fit a 390 px phone rather than scroll).
      expect(box.lines).toBe(1);
      expect(box.fits).toBe(true);
      await page.getByRole('button', { name: 'نسخ مفتاح الإعداد' }).click();
      const raw = (await key.textContent())!.replace(/\s+/g, '');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(raw);
      expect(await page.getByRole('link', { name: 'فتح في تطبيق المصادقة' }).getAttribute('href')).toMatch(
        new RegExp(`^otpauth://totp/.*secret=${raw}`),
      );
      await snap(page, `two-factor-key-${viewport}`);
      await ctx.close();
    });
  }

  it('shows the demo cover as the desktop home banner, and never downloads it on a phone', async () => {
    const customer = await createCustomer(harness.store);
    for (const viewport of ['desktop', 'phone'] as const) {
      const ctx = await newContext(harness.browser, harness.store.baseUrl, viewport);
      await signInContext(ctx, customer);
      const page = await ctx.newPage();
      const covers: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('cover')) covers.push(r.url());
      });
      await page.goto('/');
      const cover = page.getByTestId('home-cover');
      await cover.waitFor({ state: 'attached' });
      if (viewport === 'desktop') {
        await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
        expect(await cover.isVisible()).toBe(true);
      } else {
        expect(await cover.isVisible()).toBe(false);
        // The page is whole (its categories drew, images with them); the event stream never idles.
        await page.waitForLoadState('load');
        await page
          .getByRole('link', { name: /ببجي|PUBG/ })
          .first()
          .waitFor();
        await page.waitForTimeout(500);
        expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/^data:image\/gif/);
        expect(covers).toEqual([]);
      }
      await snap(page, `home-cover-${viewport}`);
      await ctx.close();
    }
  });
});
