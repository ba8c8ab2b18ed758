import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium, the full browser: for what only it has (installing the app, service-worker
 * push, the notification prompt) and where a file's flows were written against it.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium (same Blink, V8 and version, without the browser's
 * UI layer), what Playwright itself runs headless: the e2e lane's CPU fell from about 1.6 cores to
 * 0.9 with it (docs/testing.md). The full browser when it is not installed or CHROMIUM_PATH is set.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
export const HEADLESS_CHROMIUM = process.env.CHROMIUM_PATH || !existsSync(SHELL) ? CHROMIUM : SHELL;

export const screenshotsDir = path.resolve(import.meta.dirname, '../screenshots');

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Headless Chromium (`full`: the full browser); background networking off because this machine has no internet. */
export function launchBrowser(opts: { full?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: opts.full ? CHROMIUM : HEADLESS_CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** A browser context as a customer's; `reducedMotion` as a reader who asked the system for less motion. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport: keyof typeof viewports = 'desktop',
  opts: { reducedMotion?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    locale: 'ar',
    permissions: ['clipboard-read', 'clipboard-write'],
    ...(opts.reducedMotion ? { reducedMotion: 'reduce' as const } : {}),
  });
}

/**
 * Resolves once the page's fonts have loaded and none of its short CSS animations or transitions
 * is running (screens fade in over 200 ms, sheets and toasts slide in, bank cards fade in, a
 * border's colour changes): the picture a screenshot or a colour check should see, waited for as
 * an event instead of a guessed time. What lasts longer than a second is a clock, not a motion
 * that settles (a toast's 5 s countdown bar, the endless news ticker, a spinner), and is not
 * waited for. Call it once the content is there: a fade that has not started yet is not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || Number(a.effect?.getComputedTiming().endTime ?? 0) > 1000),
    undefined,
    { polling: 'raf' },
  );
}

/** Saves a screenshot under e2e/screenshots (git-ignored) for a person to look at. */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
