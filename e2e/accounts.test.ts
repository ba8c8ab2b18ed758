import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, snap } from './harness/browser';
import { authenticatorCode, loginThroughForm, logoutThroughDrawer } from './harness/login';
import { signInContext } from './harness/session';
import { createCustomer } from './harness/store-db';
import { useStoreAndBrowser } from './harness/suite';

// The full browser: under the headless shell the drawer's sign-out button kept re-rendering (CI run, 2026-11-28).
const harness = useStoreAndBrowser({}, { fullBrowser: true });

const path = (page: Page) => new URL(page.url()).pathname;
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);
const me = (token: string) =>
  fetch(`${harness.store.baseUrl}/public/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });

async function passChallenge(page: Page, code: string): Promise<void> {
  await page.getByLabel('رمز التحقق').fill(code);
  await page.getByRole('button', { name: 'تحقق' }).click();
}

describe('accounts in Chromium', () => {
  it('sends guests and signed-in customers where the spec says', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'phone');
    const page = await ctx.newPage();
    for (const protectedPath of ['/profile', '/enable-2fa', '/']) {
      await page.goto(protectedPath);
      await page.waitForURL('**/login');
    }
    await page.goto('/challenge-tow-factory');
    await page.waitForURL('**/login');
    await ctx.close();

    const signed = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    await signInContext(signed, await createCustomer(harness.store));
    const page2 = await signed.newPage();
    for (const guestPath of ['/login', '/register', '/challenge-tow-factory']) {
      await page2.goto(guestPath);
      await page2.waitForURL((u) => u.pathname === '/');
    }
    await signed.close();
  });

  it(
    'registers, logs out and in, turns two-factor on, passes the challenge ' +
      'by app code and backup code, and turns it off',
    async () => {
      const ctx: BrowserContext = await newContext(harness.browser, harness.store.baseUrl, 'phone');
      const page = await ctx.newPage();
      const email = `journey-${Date.now()}@example.com`;
      const password = 'journey-pass-1';

      // Register → home, signed in.
      await page.goto('/register');
      await page.getByLabel('الاسم').fill('ليلى');
      await page.getByLabel('البريد الإلكتروني').fill(email);
      await page.getByLabel('رقم الهاتف').fill('+963933000444');
      await page.getByLabel('كلمة المرور').fill(password);
      await snap(page, 'accounts-register-phone');
      await page.getByRole('button', { name: 'إنشاء حساب', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      const firstToken = (await stored(page, 'token'))!;
      expect(JSON.parse((await stored(page, 'user'))!).email).toBe(email);

      // Logout ends the session on the server too: the app sends it without waiting (it signs out
      // offline as well), so the server may still be committing it when the next request comes.
      await logoutThroughDrawer(page);
      expect(await stored(page, 'token')).toBeNull();
      await expect.poll(async () => (await me(firstToken)).status).toBe(401);

      // A wrong password shows the error line; the right one signs in.
      await page.goto('/login');
      await page.getByLabel('البريد الإلكتروني').fill(email);
      await page.getByLabel('كلمة المرور').fill('not-my-password');
      await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }).count())
        .toBe(1);
      await snap(page, 'accounts-login-error-phone');
      await loginThroughForm(page, email, password);
      expect(path(page)).toBe('/');

      // Turn two-factor on, reading the setup key like an authenticator app would.
      await page.goto('/profile');
      await page.getByRole('link', { name: 'تفعيل المصادقة الثنائية' }).click();
      await page.waitForURL('**/enable-2fa');
      // Shown in groups of four, as authenticator apps accept it; the key itself has no spaces.
      const setupKey = (await page.getByTestId('setup-key').textContent())!.replace(/\s+/g, '');
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: 'رمز QR لإضافة الحساب إلى تطبيق المصادقة' })
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      await snap(page, 'accounts-enable-2fa-phone');
      await page.getByLabel('رمز التحقق').fill(authenticatorCode(setupKey));
      await page.getByRole('button', { name: 'تأكيد' }).click();
      await page.getByRole('heading', { name: 'رموز الاسترداد' }).waitFor();
      const backupCodes = await page
        .getByRole('listitem')
        .filter({ hasText: /^[A-Z0-9]{5}-[A-Z0-9]{5}$/ })
        .allTextContents();
      expect(backupCodes).toHaveLength(8);
      expect(await page.getByLabel('رمز التحقق').count()).toBe(0);
      await snap(page, 'accounts-backup-codes-phone');

      // Login now needs the second factor. The confirming code is spent, so use the app's next one.
      await logoutThroughDrawer(page);
      await loginThroughForm(page, email, password);
      expect(path(page)).toBe('/challenge-tow-factory');
      expect(await stored(page, 'user_id')).toBeTruthy();
      expect(await stored(page, 'token')).toBeNull();
      await snap(page, 'accounts-challenge-phone');
      await passChallenge(page, authenticatorCode(setupKey, 1));
      await page.waitForURL((u) => u.pathname === '/');
      expect(await stored(page, 'user_id')).toBeNull();
      expect(await stored(page, 'token')).toBeTruthy();

      // A backup code signs in once.
      await logoutThroughDrawer(page);
      await loginThroughForm(page, email, password);
      await passChallenge(page, backupCodes[0]!);
      await page.waitForURL((u) => u.pathname === '/');

      // The same backup code fails the next time, in red above the input; another one works.
      await logoutThroughDrawer(page);
      await loginThroughForm(page, email, password);
      await passChallenge(page, backupCodes[0]!);
      const refusal = page.getByRole('alert').filter({ hasText: 'رمز التحقق غير صحيح أو مستخدم من قبل' });
      await refusal.waitFor();
      expect(await refusal.evaluate((el) => getComputedStyle(el).color)).not.toBe(
        await page.getByLabel('رمز التحقق').evaluate((el) => getComputedStyle(el).color),
      );
      expect(path(page)).toBe('/challenge-tow-factory');
      await snap(page, 'accounts-challenge-refused-phone');
      await passChallenge(page, backupCodes[1]!);
      await page.waitForURL((u) => u.pathname === '/');

      // Turn two-factor off from the profile.
      await page.goto('/profile');
      await page.getByRole('button', { name: 'تعطيل المصادقة الثنائية' }).click();
      await page.getByRole('link', { name: 'تفعيل المصادقة الثنائية' }).waitFor();
      const token = (await stored(page, 'token'))!;
      expect((await (await me(token)).json()).data.user.is_enable2fa).toBe(false);
      await snap(page, 'accounts-profile-phone');
      await ctx.close();
    },
  );

  it('looks right on a desktop screen', async () => {
    const ctx = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('البريد الإلكتروني').waitFor();
    await snap(page, 'accounts-login-desktop');
    await page.goto('/register');
    await page.getByLabel('الاسم').waitFor();
    await snap(page, 'accounts-register-desktop');
    await ctx.close();

    const signed = await newContext(harness.browser, harness.store.baseUrl, 'desktop');
    const customer = await createCustomer(harness.store);
    await signInContext(signed, customer);
    const page2 = await signed.newPage();
    await page2.goto('/profile');
    await page2.getByLabel('الاسم').waitFor();
    await snap(page2, 'accounts-profile-desktop');
    // A session whose password was not confirmed lately is asked for it before the setup key shows
    // (a stolen token must not turn two-factor on).
    await page2.goto('/enable-2fa');
    const dialog = page2.getByRole('dialog');
    await dialog.getByText('لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة').waitFor();
    expect(await page2.getByTestId('setup-key').count()).toBe(0);
    await snap(page2, 'accounts-enable-2fa-password-desktop');
    await dialog.getByLabel('كلمة المرور').fill(customer.password);
    await dialog.getByRole('button', { name: 'تأكيد' }).click();
    await page2.getByTestId('setup-key').waitFor();
    await snap(page2, 'accounts-enable-2fa-desktop');
    await signed.close();
  });
});
