import type { Dashboard } from '@raseed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { formatAge } from '../components/format';
import { topupsReply, ok, operatorUser, pendingTopup, statsReply } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const days = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'];
const dashboard: Dashboard = {
  range: { from: days[0]!, to: days[6]!, tz: 180 },
  storefront: null,
  sales: { count: 1234, total: '15320.50' },
  sales_by_day: days.map((day, i) => ({ day, count: i, total: `${i * 100}.00` })),
  sales_by_hour: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    count: hour === 21 ? 5 : 0,
    total: hour === 21 ? '50.00' : '0.00',
  })),
  orders_by_status: [
    { status: 'pending', count: 3 },
    { status: 'success', count: 1234 },
    { status: 'cancel', count: 10 },
    { status: 'request_cancel', count: 0 },
    { status: 'wait', count: 1 },
  ],
  top_products: [{ id: 3, name: '660 شدة', count: 40, total: '380.00' }],
  top_categories: [{ id: null, name: '', count: 40, total: '380.00' }],
  topups: {
    approved: { count: 12, total: '1200.00' },
    rejected: { count: 2, total: '50.00' },
    pending: { count: 1, total: '25.50' },
  },
  topups_by_day: days.map((day) => ({ day, approved: 2, rejected: 0 })),
  new_customers: { count: 17, by_day: days.map((day) => ({ day, count: 2 })) },
  margins: {
    total: { count: 1234, sales: '15320.50', provider_price: '15320.50', margin: '0.00' },
    by_storefront: [
      {
        storefront_id: 1,
        name: 'المتجر',
        count: 1234,
        sales: '15320.50',
        provider_price: '15320.50',
        margin: '0.00',
      },
    ],
  },
  oldest_pending: { order: { id: 12, seconds: 3 * 3600 + 12 * 60 }, topup: { id: 5, seconds: 20 * 60 } },
};

function operatorApi() {
  const seen: string[] = [];
  mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: { ...operatorUser, is_enable2fa: true } }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/dashboard`]: (request: Request) => {
      seen.push(new URL(request.url).search);
      return json(ok({ dashboard }));
    },
    [`GET ${A}/charges`]: topupsReply([pendingTopup]),
    [`GET ${A}/charges/5`]: ok({ charge: pendingTopup }),
  });
  return { seen };
}

describe('operator dashboard', () => {
  it(
    'is the first screen: headline figures with Latin digits, charts ' + 'with their figures, and the waiting ages',
    async () => {
      storeSession({ ...operatorUser, is_enable2fa: true });
      const { seen } = operatorApi();
      renderApp('/admin');
      expect(await screen.findByRole('heading', { level: 1, name: 'نظرة عامة على المتجر' })).toBeInTheDocument();
      expect(await screen.findByText('15,320.50 $')).toBeInTheDocument();
      expect(screen.getByText('الطلبات المقبولة: 1,234')).toBeInTheDocument();
      expect(screen.getByText('3 ساعات و12 دقيقة')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'الطلب #5' })).toHaveAttribute('href', '/admin/charges/5');
      const byDay = screen.getByRole('figure', { name: 'المبيعات حسب اليوم (USD)' });
      expect(within(byDay).getByRole('row', { name: /23\/11/ })).toHaveTextContent('600.00 $');
      const statuses = screen.getByRole('figure', { name: 'الطلبات حسب الحالة' });
      expect(within(statuses).getByText('قيد المراجعة').closest('li')).toHaveTextContent('3');
      expect(screen.getByRole('region', { name: 'الأقسام الأكثر مبيعاً' })).toHaveTextContent('بلا قسم');
      expect(seen[0]).toMatch(/^\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&tz=-?\d+$/);
    },
  );

  it('asks for the chosen range: today, then custom dates', async () => {
    storeSession({ ...operatorUser, is_enable2fa: true });
    const { seen } = operatorApi();
    const { user } = renderApp('/admin');
    await screen.findByText('15,320.50 $');
    await user.click(screen.getByRole('radio', { name: 'اليوم' }));
    await waitFor(() => expect(seen.length).toBe(2));
    const today = new URLSearchParams(seen[1]);
    expect(today.get('from')).toBe(today.get('to'));

    await user.click(screen.getByRole('radio', { name: 'فترة مخصصة' }));
    const from = screen.getByLabelText('من تاريخ');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'عرض' }));
    await waitFor(() => expect(seen.some((q) => q.includes('from=2026-10-01'))).toBe(true));
  });

  it('says how long something waited, in Arabic with its two largest units', () => {
    expect(formatAge(30)).toBe('أقل من دقيقة');
    expect(formatAge(60)).toBe('دقيقة واحدة');
    expect(formatAge(2 * 3600)).toBe('ساعتان');
    expect(formatAge(2 * 86_400 + 3 * 3600)).toBe('يومان و3 ساعات');
    expect(formatAge(11 * 86_400)).toBe('11 يوماً');
  });
});

describe('fraud flags on a top-up', () => {
  it('shows each flag and links a copied receipt to the earlier request', async () => {
    storeSession({ ...operatorUser, is_enable2fa: true });
    const flagged = {
      ...pendingTopup,
      id: 9,
      duplicate_of: 5,
      transfer_ref: 'TR55301',
      flags: [
        {
          code: 'similar_receipt' as const,
          text: 'صورة الإشعار شبه مطابقة لإشعار طلب الشحن #5 لعميل آخر (أُعيد حفظها أو قُصّت)',
        },
        { code: 'burst' as const, text: 'عدد طلبات الشحن من العميل خلال ساعة واحدة: 3' },
      ],
    };
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: { ...operatorUser, is_enable2fa: true } }),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/charges`]: topupsReply([flagged]),
      [`GET ${A}/charges/5`]: ok({ charge: pendingTopup }),
    });
    const { user } = renderApp('/admin/charges');
    const card = await screen.findByRole('article', { name: /#9/ });
    const flags = within(card).getByRole('region', { name: /تنبيهات للمراجعة/ });
    expect(within(flags).getAllByRole('listitem')).toHaveLength(2);
    expect(within(card).getByText('TR55301')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'قبول وشحن الرصيد' })).toBeEnabled();
    await user.click(within(flags).getByRole('link', { name: 'عرض الطلب السابق #5' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'طلب الشحن #5' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /#5/ })).toBeInTheDocument();
  });
});
