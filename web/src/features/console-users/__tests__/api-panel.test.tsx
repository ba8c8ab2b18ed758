import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const customer = {
  ...testUser,
  deposit: '0.00',
  credit_limit: null,
  storefront_id: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  api_access: true,
};
const hook = {
  id: 3,
  url: 'https://shop.example.com/raseed/hooks',
  events: ['order.updated', 'balance.updated'],
  state: 'disabled',
  disabled_reason: 'gone',
  failing_since: '2026-11-27T09:00:00.000Z',
  disabled_at: '2026-11-27T10:00:00.000Z',
  previous_secret_until: null,
  created_at: '2026-11-26T10:00:00.000Z',
};

describe("the API panel of a customer's page", () => {
  it('lists their webhook endpoints with whether each works, read only', async () => {
    const secured = { ...operatorUser, is_enable2fa: true };
    storeSession(secured);
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: secured }),
      [`GET ${A}/stats`]: ok({ stats: { pending_charges: 0, open_orders: 0, cancel_requests: 0 } }),
      [`GET ${A}/users`]: ok({ users: [customer], paginate: { nextPage: null, backPage: null } }),
      [`GET ${A}/users/7/api-keys`]: ok({ api_keys: [] }),
      [`GET ${A}/users/7/webhooks`]: ok({
        webhooks: [hook, { ...hook, id: 4, url: 'https://b.example.com/h', state: 'active', disabled_reason: null }],
      }),
    });
    const { user } = renderApp('/admin/users');
    const card = await screen.findByRole('article', { name: /سارة/ });
    await user.click(within(card).getByRole('button', { name: 'واجهة البرمجة' }));
    expect(await within(card).findByText(hook.url)).toBeInTheDocument();
    expect(within(card).getByText(/متوقف: أجاب 410/)).toBeInTheDocument();
    expect(within(card).getAllByText('order.updated · balance.updated')).toHaveLength(2);
    expect(within(card).getByText('يعمل')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /حذف/ })).not.toBeInTheDocument();
  });
});
