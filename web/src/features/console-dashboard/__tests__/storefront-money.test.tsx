import type { Dashboard, StorefrontAccount } from '@raseed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, operatorUser, statsReply } from '@/testing/console-fixtures';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };
const staff = { ...secured, storefront_id: 2 } as typeof secured;
const day = '2026-11-23';
const zero = { count: 0, sales: '0.00', provider_price: '0.00', margin: '0.00' };
const quiet: Omit<Dashboard, 'storefront' | 'margins'> = {
  range: { from: day, to: day, tz: 180 },
  sales: { count: 0, total: '0.00' },
  sales_by_day: [{ day, count: 0, total: '0.00' }],
  sales_by_hour: [],
  orders_by_status: [],
  top_products: [],
  top_categories: [],
  topups: { approved: { count: 0, total: '0' }, rejected: { count: 0, total: '0' }, pending: { count: 0, total: '0' } },
  topups_by_day: [{ day, approved: 0, rejected: 0 }],
  new_customers: { count: 0, by_day: [{ day, count: 0 }] },
  oldest_pending: { order: null, topup: null },
};
const own = { storefront_id: 1, name: 'متجر رصيد', count: 1, sales: '10.00', provider_price: '10.00', margin: '0.00' };
const najma = {
  storefront_id: 2,
  name: 'متجر النجمة',
  count: 2,
  sales: '22.00',
  provider_price: '20.00',
  margin: '2.00',
};
const every: Dashboard = {
  ...quiet,
  storefront: null,
  margins: {
    total: { count: 3, sales: '32.00', provider_price: '30.00', margin: '2.00' },
    by_storefront: [own, najma],
  },
};
const najmaOnly: Dashboard = { ...quiet, storefront: 2, margins: { total: najma, by_storefront: [najma] } };

function dashboardApi(
  user: typeof secured,
  dashboard: Dashboard,
  accounts: StorefrontAccount[] = [],
  more: Record<string, unknown> = {},
) {
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    // A staff user is the stored one until /me answers (the contract's user carries storefront_id
    // once staff accounts ship, and these tests must not depend on when): /me stays unanswered.
    'GET /me': user === staff ? () => new Promise<Response>(() => {}) : ok({ user }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/storefronts`]: ok({ storefronts: [] }),
    [`GET ${A}/dashboard`]: () => json(ok({ dashboard })),
    [`GET ${A}/storefront-accounts`]: ok({ accounts }),
    ...more,
  });
}

describe('the dashboard’s margins', () => {
  it('gives the provider a row per storefront (sales, provider’s price, margin, count) and the total', async () => {
    storeSession(secured);
    dashboardApi(secured, every);
    renderApp('/admin');
    const section = await screen.findByRole('region', { name: 'هوامش المتاجر' });
    const table = within(section).getByRole('table', { name: 'هوامش المتاجر' });
    const head = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    // The count is of orders and number purchases together: «العمليات», not «الطلبات».
    expect(head).toEqual(['المتجر', 'العمليات', 'المبيعات', 'سعر المزود', 'الهامش']);
    // The name's cell also says the count, for a phone that hides the count's column.
    const row = (name: string) =>
      within(
        within(table)
          .getByRole('rowheader', { name: new RegExp(`^${name}`) })
          .closest('tr')!,
      )
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('متجر النجمة')).toEqual(['2', '22.00 $', '20.00 $', '2.00 $']);
    expect(row('متجر رصيد')).toEqual(['1', '10.00 $', '10.00 $', '0.00 $']);
    expect(row('المجموع')).toEqual(['3', '32.00 $', '30.00 $', '2.00 $']);
  });

  it('shows one storefront’s own figures when the picker names it', async () => {
    storeSession(secured);
    dashboardApi(secured, najmaOnly);
    renderApp('/admin?storefront=2');
    const section = await screen.findByRole('region', { name: 'هوامش المتاجر' });
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    const figure = (label: string) => within(section).getByText(label).nextElementSibling?.textContent;
    expect(figure('المبيعات')).toBe('22.00 $');
    expect(figure('سعر المزود')).toBe('20.00 $');
    expect(figure('الهامش')).toBe('2.00 $');
    expect(figure('العمليات')).toBe('2');
  });

  it('stays out of a single store’s dashboard, which sells at the provider’s own price', async () => {
    storeSession(secured);
    const single: Dashboard = { ...quiet, storefront: null, margins: { total: zero, by_storefront: [{ ...own }] } };
    dashboardApi(secured, single);
    renderApp('/admin');
    expect(await screen.findByRole('figure', { name: 'المبيعات حسب اليوم (USD)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'هوامش المتاجر' })).not.toBeInTheDocument();
  });
});

const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
const account: StorefrontAccount = {
  storefront_id: 2,
  balance: '3.00',
  credit_limit: '0.00',
  available: '3.00',
  day_spend: '12.00',
  low: true,
  refused_count: 0,
  last_refused_at: null,
  last_refused_price: null,
  unseen_refusals: 0,
};

describe('a storefront’s staff on their dashboard', () => {
  it('see their account and a warning that orders are refused until the provider tops it up', async () => {
    storeSession(staff);
    const refusedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    dashboardApi(staff, najmaOnly, [
      { ...account, refused_count: 3, unseen_refusals: 3, last_refused_at: refusedAt, last_refused_price: '10.00' },
    ]);
    renderApp('/admin');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('طلبات عملاء رُفضت لعدم كفاية رصيد المتجر');
    expect(warning).toHaveTextContent('تُرفض طلبات العملاء التي لا يغطيها المتاح (3.00 $) حتى يشحن المزود حساب المتجر');
    expect(warning).toHaveTextContent('عدد الطلبات المرفوضة منذ آخر اطّلاع لك: 3.');
    expect(warning).toHaveTextContent('وكان سعره لدى المزود 10.00 $.');
    const panel = screen.getByRole('region', { name: 'حساب المتجر لدى المزود' });
    expect(within(panel).getByText('المتاح').nextElementSibling).toHaveTextContent('3.00 $');
    // Their own storefront's margin, never a table of the others.
    expect(within(screen.getByRole('region', { name: 'هوامش المتاجر' })).queryByRole('table')).toBeNull();
  });

  it('are warned of a low account before anything is refused, and not at all when it is well funded', async () => {
    storeSession(staff);
    dashboardApi(staff, najmaOnly, [account]);
    const { unmount } = renderApp('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('رصيد المتجر لدى المزود منخفض');
    unmount();

    // A refusal this member has seen raises nothing, however recent, once the account was topped up.
    const minutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    dashboardApi(staff, najmaOnly, [
      { ...account, balance: '500.00', available: '500.00', low: false, refused_count: 1, last_refused_at: minutesAgo },
    ]);
    renderApp('/admin');
    const panel = await screen.findByRole('region', { name: 'حساب المتجر لدى المزود' });
    expect(within(panel).getByText('الرصيد').nextElementSibling).toHaveTextContent('500.00 $');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keep the refusal banner, however old, until they mark it seen; a low account still warns', async () => {
    storeSession(staff);
    const funded = { ...account, balance: '500.00', available: '500.00', low: false, last_refused_price: '10.00' };
    let current: StorefrontAccount = { ...funded, refused_count: 5, unseen_refusals: 2, last_refused_at: weekAgo };
    const sent: unknown[] = [];
    dashboardApi(staff, najmaOnly, [], {
      [`GET ${A}/storefront-accounts`]: () => json(ok({ accounts: [current] })),
      [`POST ${A}/storefronts/2/account/refusals-seen`]: async (request: Request) => {
        sent.push(await request.json());
        current = { ...current, unseen_refusals: 0 };
        return json(ok({ account: current, lines: [], next_before: null }));
      },
    });
    const { unmount } = renderApp('/admin');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('طلبات عملاء رُفضت لعدم كفاية رصيد المتجر');
    expect(warning).toHaveTextContent('عدد الطلبات المرفوضة منذ آخر اطّلاع لك: 2.');
    await userEvent.click(within(warning).getByRole('button', { name: 'تم الاطّلاع' }));
    // What the banner showed is what is marked seen: one refused meanwhile would stay news.
    expect(sent).toEqual([{ refused_count: 5 }]);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'حساب المتجر لدى المزود' })).toBeInTheDocument();
    unmount();

    // Seen refusals leave a low account's warning, without the refusals or the button.
    dashboardApi(staff, najmaOnly, [{ ...account, refused_count: 5, unseen_refusals: 0, last_refused_at: weekAgo }]);
    renderApp('/admin');
    const low = await screen.findByRole('alert');
    expect(low).toHaveTextContent('رصيد المتجر لدى المزود منخفض');
    expect(low).not.toHaveTextContent('منذ آخر اطّلاع');
    expect(within(low).queryByRole('button')).toBeNull();
  });

  it('is not shown to the provider’s operators', async () => {
    storeSession(secured);
    const fetchMock = dashboardApi(secured, every, [account]);
    renderApp('/admin');
    await screen.findByRole('region', { name: 'هوامش المتاجر' });
    expect(screen.queryByRole('region', { name: 'حساب المتجر لدى المزود' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/storefront-accounts'))).toBe(false);
  });
});
