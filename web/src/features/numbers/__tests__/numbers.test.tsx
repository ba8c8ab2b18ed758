import type { NumberPurchase } from '@raseed/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

function purchase(p: Partial<NumberPurchase> = {}): NumberPurchase {
  return {
    id: 7,
    name: 'واتساب — إندونيسيا',
    price: '1.25',
    status: 'waiting',
    phone: '79009100700',
    codes: [],
    expires_at: new Date(Date.now() + 19 * 60_000).toISOString(),
    created_at: '2026-11-23T12:00:00.000Z',
    ...p,
  };
}

const page = (purchases: NumberPurchase[]) => ({
  status: 'success',
  data: { purchases, paginate: { nextPage: null, backPage: null } },
});
const services = {
  status: 'success',
  data: {
    services: [
      {
        id: 1,
        name: 'واتساب',
        country_name: 'إندونيسيا',
        price: '1.25',
        price_syr: '18000',
        price_tr: '42',
        available: 0,
      },
    ],
  },
};

describe('/invoices', () => {
  it(
    'shows a waiting number left-to-right with the time left, and ' + 'cancels it with the refund in the top bar',
    async () => {
      storeSession({ ...testUser, balance: '3.75' });
      mockApi({
        'GET /setting': settingsReply({ ...testSettings, online: true }),
        'GET /numbers/services': services,
        'GET /numbers': page([purchase()]),
        'POST /numbers/7/cancel': {
          status: 'success',
          data: { purchase: purchase({ status: 'cancelled' }), user: { ...testUser, balance: '5.00' } },
        },
      });
      const { user } = renderApp('/invoices');
      const card = await screen.findByRole('article');
      expect(within(card).getByText('+79009100700')).toHaveAttribute('dir', 'ltr');
      expect(within(card).getByText(/^1[89]:\d{2}$/)).toBeInTheDocument();
      expect(within(card).getByText('بانتظار وصول الكود...')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'طلب كود آخر' })).not.toBeInTheDocument();
      // A sold-out service cannot be bought.
      expect(screen.getByRole('button', { name: 'شراء واتساب — إندونيسيا' })).toBeDisabled();
      await user.click(within(card).getByRole('button', { name: 'إلغاء واسترداد المبلغ' }));
      expect(await screen.findByText('تم إلغاء الرقم وإعادة المبلغ إلى رصيدك')).toBeInTheDocument();
      expect(within(screen.getByRole('banner')).getByRole('link', { name: /رصيدك/ })).toHaveTextContent('5.00 $');
    },
  );

  it('shows the code with a copy button and offers another code, not a cancel', async () => {
    storeSession();
    mockApi({
      'GET /setting': settingsReply({ ...testSettings, online: true }),
      'GET /numbers/services': services,
      'GET /numbers': page([purchase({ status: 'received', codes: ['482913', '771204'] })]),
    });
    renderApp('/invoices');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('771204')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByText('482913')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'نسخ الكود' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'طلب كود آخر' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'إلغاء واسترداد المبلغ' })).not.toBeInTheDocument();
  });

  it('is not there when the store is not online', async () => {
    storeSession();
    mockApi({ 'GET /setting': settingsReply({ ...testSettings, online: false }), 'GET /numbers': page([]) });
    renderApp('/invoices');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.queryByText('اشترِ رقماً جديداً')).not.toBeInTheDocument();
  });
});
