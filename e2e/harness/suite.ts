import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningStore, startStore } from './server';

/**
 * One running store and one headless Chromium (`fullBrowser`: the full one) for a test file:
 * started before its first test, closed after its last. Read them through the getters once the
 * tests run.
 */
export function useStoreAndBrowser(
  env: Record<string, string> = {},
  opts: { fullBrowser?: boolean } = {},
): {
  readonly store: RunningStore;
  readonly browser: Browser;
} {
  let store: RunningStore | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    store = await startStore(env);
    browser = await launchBrowser({ full: opts.fullBrowser });
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
  });
  return {
    get store() {
      if (!store) throw new Error('the store is not started yet');
      return store;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}

/** One headless Chromium for a test file that starts its own stores. */
export function useBrowser(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet');
      return browser;
    },
  };
}
