import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { expectLoadFailure } from '@/testing/load-failure';

const base = {
  'GET /setting': settingsReply(testSettings),
  'GET /me': { status: 'success', data: { user: testUser } },
};
const charge = (id: number, status: string, amount = '25.5') => ({
  id,
  img: `/public/api/v1/receipts/${String(id).padStart(32, '0')}.png?expires=1&sig=s`,
  bank: 'بنك البركة',
  amount,
  status,
  created_at: '2026-11-21T10:30:00.000Z',
  reason: status === 'cancel' ? 'الإشعار غير واضح' : null,
  bank_id: 1,
  currency: 'USD',
  rate: '1.00',
  amount_local: amount,
});

beforeEach(() => storeSession());

describe('/charges', () => {
  it('shows each request as a row: 125 px thumbnail, bank, amount, status label and date', async () => {
    mockApi({
      ...base,
      'GET /charges': {
        status: 'success',
        data: { charges: [charge(3, 'pending'), charge(2, 'success', '100'), charge(1, 'cancel'), charge(4, 'odd')] },
      },
    });
    renderApp('/charges');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['صورة الإشعار', 'طريقة الشحن', 'المبلغ', 'الحالة', 'التاريخ']);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual([
      'قيد الانتظار',
      'تم الشحن',
      'مرفوض: الإشعار غير واضحإرسال إشعار جديد',
      'قيد الانتظار',
    ]);
    const first = within(rows[1]!).getAllByRole('cell');
    expect(first[1]).toHaveTextContent('بنك البركة');
    expect(first[2]).toHaveTextContent('100.00 $');
    expect(first[4]).toHaveTextContent('2026');
    const link = within(first[0]!).getByRole('link', { name: 'فتح صورة الإشعار رقم 2' });
    expect(link).toHaveAttribute('href', charge(2, 'success').img);
    const img = link.querySelector('img')!;
    expect(img).toHaveAttribute('src', charge(2, 'success').img);
    expect(img).toHaveAttribute('width', '125');
  });

  it('shows a lira request in dollars with the lira beside, and a correction with its reason', async () => {
    const lira = {
      ...charge(5, 'success', '20.00'),
      currency: 'TRY',
      rate: '42.50',
      amount_local: '1000.00',
      reason: 'وصل 850 ليرة فقط',
    };
    mockApi({ ...base, 'GET /charges': { status: 'success', data: { charges: [lira] } } });
    renderApp('/charges');
    const row = (await screen.findAllByRole('row'))[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent('20.00 $(1,000.00 ل.ت)');
    expect(cells[3]).toHaveTextContent('تم الشحن، عُدّل المبلغ: وصل 850 ليرة فقط');
  });

  it('offers a rejected request a new receipt, with its bank and amount filled in', async () => {
    const rejected = { ...charge(7, 'cancel', '1000.00'), bank_id: 2, currency: 'TRY', rate: '42.50' };
    const banks = [
      { id: 1, name: 'بنك البركة', img: null, info: '', iban: 'SY21', holder: '', currency: 'USD', rate: '1.00' },
      { id: 2, name: 'زراعات بنك', img: null, info: '', iban: 'TR33', holder: '', currency: 'TRY', rate: '42.50' },
    ];
    mockApi({
      ...base,
      'GET /charges': { status: 'success', data: { charges: [rejected] } },
      'GET /banks': { status: 'success', data: { banks } },
    });
    const { user } = renderApp('/charges');
    const link = await screen.findByRole('link', { name: 'إرسال إشعار جديد' });
    expect(link).toHaveAttribute('href', '/payments?bank=2&amount=1000.00');
    await user.click(link);
    expect(await screen.findByLabelText('المبلغ (بالليرة التركية ل.ت)')).toHaveValue('1000.00');
    expect(screen.getByLabelText('زراعات بنك')).toBeChecked();
    expect(screen.getByTestId('topup-dollars')).toHaveTextContent('23.52 $');
  });

  it('says when there are no requests yet', async () => {
    mockApi({ ...base, 'GET /charges': { status: 'success', data: { charges: [] } } });
    renderApp('/charges');
    expect(await screen.findByText('لا توجد طلبات شحن بعد')).toBeInTheDocument();
  });

  it(
    'does not toast a failed load, and says in the page that it ' + 'failed (not "no requests"), with a retry',
    async () => {
      const fetchMock = mockApi({ ...base, 'GET /charges': json({ status: 'error', msg: 'تعذر التحميل' }, 500) });
      renderApp('/charges');
      await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/charges'))).toBe(true));
      await expectLoadFailure('تعذر التحميل', { toast: false });
      expect(screen.queryByText('لا توجد طلبات شحن بعد')).not.toBeInTheDocument();
    },
  );

  it('refreshes the signed-in user with each list, so an approved top-up shows in the top bar', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /me': { status: 'success', data: { user: { ...testUser, balance: '1300' } } },
      'GET /charges': { status: 'success', data: { charges: [charge(1, 'success')] } },
    });
    renderApp('/charges');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'رصيدك: 1,300.00 $' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/me')).length).toBeGreaterThanOrEqual(2),
    );
  });
});
