import type { BrowserContext } from 'playwright-core';
import type { Customer } from './store-db';

/**
 * Signs a browser context in the way the web app keeps a session (spec section 4: `user` as
 * JSON and `token` in local storage), before any page script runs.
 */
export async function signInContext(ctx: BrowserContext, customer: Pick<Customer, 'token' | 'user'>): Promise<void> {
  await ctx.addInitScript(
    ([token, user]) => {
      // Once per tab, so a test that logs out stays logged out after the next navigation.
      if (!window.sessionStorage.getItem('e2e-signed-in')) {
        window.sessionStorage.setItem('e2e-signed-in', '1');
        window.localStorage.setItem('token', token);
        window.localStorage.setItem('user', user);
      }
    },
    [customer.token, JSON.stringify(customer.user)] as const,
  );
}
