import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';

/** Signs in through the real /login form, as a customer would; waits for the screen it leads to. */
export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور').fill(password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/challenge-tow-factory');
}

/** Logs out through the side drawer (the spec's only way out). */
export async function logoutThroughDrawer(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'القائمة' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'تسجيل الخروج' }).click();
  await page.waitForURL('**/login');
}

/**
 * The code an authenticator app shows for a setup key, `offsetSteps` 30-second steps from now.
 * A code the server already accepted is refused until the next step, as in a real app.
 */
export function authenticatorCode(setupKey: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(setupKey),
  });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}
