import type { AdminNumberPurchase, Storefront } from '@raseed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, operatorUser, paginate, statsReply } from '@/testing/console-fixtures';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };
const staff = { ...secured, storefront_id: 2 };
const at = '2026-11-21T10:00:00.000Z';

const own: AdminNumberPurchase = {
  id: 6,
  name: 'واتساب · إندونيسيا',
  price: '1.25',
  status: 'received',
  phone: '6281234567',
  codes: ['482913'],
  expires_at: at,
  created_at: at,
  customer: { id: 7, name: 'سارة', email: 'sara@example.com' },
  step: 'done',
  upstream_id: '9100',
  attempts: 0,
  last_error: null,
  refunded_at: null,
  storefront_id: 1,
  provider_price: '1.25',
};
const onNajma: AdminNumberPurchase = {
  ...own,
  id: 7,
  status: 'waiting',
  codes: [],
  step: 'poll',
  price: '1.38',
  storefront_id: 2,
  customer: { id: 8, name: 'ليلى', email: 'layla@example.com' },
};
const storefront = (id: number, name: string): Storefront => ({
  id,
  name,
  hosts: [],
  origins: [],
  markup_percent: 0,
  active: true,
  created_at: at,
  updated_at: at,
});

function numbersApi(user: typeof secured, purchases: AdminNumberPurchase[]) {
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    // A staff user is the stored one until /me answers: /me stays unanswered for them.
    'GET /me': user === staff ? () => new Promise<Response>(() => {}) : ok({ user }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/storefronts`]: ok({ storefronts: [storefront(1, 'متجر رصيد'), storefront(2, 'متجر النجمة')] }),
    [`GET ${A}/numbers/provider`]: ok({ provider: null }),
    [`GET ${A}/numbers/purchases`]: () => json(ok({ purchases, paginate })),
  });
}

/** The `?storefront=` of each call to `path` (null: none sent), in order. */
const storefrontsAsked = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((u) => u.pathname === `${A}${path}`)
    .map((u) => u.searchParams.get('storefront'));

describe('a number purchase in the console', () => {
  it('shows its storefront and, on another storefront, the provider’s price beside the price charged', async () => {
    storeSession(secured);
    numbersApi(secured, [onNajma, own]);
    renderApp('/admin/numbers');
    const card = await screen.findByRole('article', { name: /#7/ });
    expect(within(card).getByText('متجر النجمة')).toBeInTheDocument();
    const price = within(card).getByText('السعر').closest('div')!;
    expect(within(price).getByText('1.38 $')).toBeInTheDocument();
    const provider = within(card).getByText('سعر المزود').closest('div')!;
    expect(within(provider).getByText('1.25 $')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'استرداد يدوي' })).toBeInTheDocument();

    // The provider's own store at the provider's price: the price alone.
    const mine = screen.getByRole('article', { name: /#6/ });
    expect(within(mine).getByText('متجر رصيد')).toBeInTheDocument();
    expect(within(mine).queryByText('سعر المزود')).not.toBeInTheDocument();
  });

  it('lists the storefront the picker names', async () => {
    storeSession(secured);
    const fetchMock = numbersApi(secured, [onNajma]);
    const { user } = renderApp('/admin/numbers');
    await screen.findByRole('article', { name: /#7/ });
    expect(storefrontsAsked(fetchMock, '/numbers/purchases')).toEqual([null]);
    await user.selectOptions(screen.getByLabelText('المتجر'), '2');
    await waitFor(() => expect(storefrontsAsked(fetchMock, '/numbers/purchases')).toContain('2'));
  });

  it('gives a storefront’s staff their purchases to read, without the provider’s setup or a refund', async () => {
    storeSession(staff);
    const fetchMock = numbersApi(staff, [onNajma]);
    renderApp('/admin/numbers');
    const card = await screen.findByRole('article', { name: /#7/ });
    // Every row is their own storefront's: no badge, and the provider's price they pay still shows.
    expect(within(card).queryByText('متجر النجمة')).not.toBeInTheDocument();
    expect(within(card).getByText('سعر المزود')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'استرداد يدوي' })).not.toBeInTheDocument();
    expect(screen.queryByText('مزود الأرقام')).not.toBeInTheDocument();
    expect(storefrontsAsked(fetchMock, '/numbers/provider')).toEqual([]);
    expect(storefrontsAsked(fetchMock, '/numbers/purchases')).toEqual([null]);
  });
});
