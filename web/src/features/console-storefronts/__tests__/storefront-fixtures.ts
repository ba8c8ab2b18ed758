import type { Storefront } from '@raseed/contract';
import { ok, operatorUser, statsReply } from '@/testing/console-fixtures';
import { testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';

export const A = '/admin/api/v1';
export const secured = { ...operatorUser, is_enable2fa: true };
const at = '2026-11-20T10:00:00.000Z';

export const provider: Storefront = {
  id: 1,
  name: 'متجر رصيد',
  hosts: [],
  origins: [],
  markup_percent: 0,
  active: true,
  created_at: at,
  updated_at: at,
};
export const najma: Storefront = {
  ...provider,
  id: 2,
  name: 'متجر النجمة',
  hosts: ['najma-shop.com', 'www.najma-shop.com'],
  markup_percent: 12.5,
};
export const closed: Storefront = { ...provider, id: 3, name: 'متجر الواحة', hosts: ['wah.example'], active: false };

/** The signed-in operator's store: the console's shared replies, and what the test adds. */
export function consoleApi(routes: Record<string, unknown>) {
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: secured }),
    [`GET ${A}/stats`]: statsReply,
    ...routes,
  });
}

/** The `?storefront=` of each call to `path` (null: none sent), in order. */
export function storefrontsAsked(fetchMock: ReturnType<typeof mockApi>, path: string): Array<string | null> {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === `${A}${path}`)
    .map((u) => u.searchParams.get('storefront'));
}
