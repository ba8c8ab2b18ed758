import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeOrder, ordersPage } from './orders-fixtures';
import { expectLoadFailure } from '@/testing/load-failure';

function listCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/orders'))
    .map((u) => Object.fromEntries(u.searchParams));
}

describe('/orders list', () => {
  it('shows each order as a card with its fields and the status label of the copy deck', async () => {
    storeSession();
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /orders': ordersPage([
        makeOrder({
          id: 9,
          status: 'success',
          message: 'الكود: XYZ-1',
          price: '12.5',
          quantity: 3,
          updated_at: '2026-11-21T10:00:00.000Z',
        }),
        makeOrder({ id: 8, status: 'cancel', cancel_msg: 'رقم اللاعب غير صحيح', data: null, phone: '+963944000111' }),
      ]),
    });
    renderApp('/orders');
    await screen.findByText('طلب #9');
    const [accepted, cancelled] = screen.getAllByRole('article');
    expect(within(accepted!).getByText('طلب #9')).toBeInTheDocument();
    expect(within(accepted!).getByText('مقبول')).toBeInTheDocument();
    expect(within(accepted!).getByText('12.50 $')).toBeInTheDocument();
    expect(within(accepted!).getByText('3')).toBeInTheDocument();
    expect(within(accepted!).getByText('5123456789')).toBeInTheDocument();
    expect(within(accepted!).getByText('الكود: XYZ-1')).toBeInTheDocument();
    expect(within(accepted!).getByText('آخر تحديث')).toBeInTheDocument();
    expect(within(cancelled!).getByText('ملغي')).toBeInTheDocument();
    expect(within(cancelled!).getByText('+963944000111')).toBeInTheDocument();
    expect(within(cancelled!).getByText('رقم اللاعب غير صحيح')).toBeInTheDocument();
    expect(screen.getByLabelText('حالة الطلب')).toHaveValue('all');
    expect(screen.queryByRole('navigation', { name: 'التنقل بين الصفحات' })).not.toBeInTheDocument();
  });

  it('offers cancel only on pending and waiting orders that are not api orders', async () => {
    storeSession();
    mockApi({
      'GET /orders': ordersPage([
        makeOrder({ id: 1, status: 'pending' }),
        makeOrder({ id: 2, status: 'wait' }),
        makeOrder({ id: 3, status: 'pending', api: true }),
        makeOrder({ id: 4, status: 'success' }),
        makeOrder({ id: 5, status: 'request_cancel' }),
        makeOrder({ id: 6, status: 'cancel' }),
      ]),
    });
    renderApp('/orders');
    await screen.findByText('طلب #6');
    const withButton = screen
      .getAllByRole('article')
      .filter((a) => within(a).queryByRole('button', { name: 'إلغاء الطلب' }))
      .map((a) => within(a).getByText(/^طلب #/).textContent);
    expect(withButton).toEqual(['طلب #1', 'طلب #2']);
  });

  it('shows the empty text and, with no orders at all, the way to the store', async () => {
    storeSession();
    mockApi({ 'GET /orders': ordersPage([]) });
    renderApp('/orders');
    expect(await screen.findByText('لا توجد عناصر لعرضها')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفح المتجر' })).toHaveAttribute('href', '/');
  });

  it('searches on the button, filters by status, and pages with the keyset bound', async () => {
    storeSession();
    const fetchMock = mockApi({
      'GET /orders': (req: Request) => {
        const page = Number(new URL(req.url).searchParams.get('page'));
        return json(
          page === 1
            ? ordersPage([makeOrder({ id: 30 })], { nextPage: 2, backPage: null, nextBefore: 21 })
            : ordersPage([makeOrder({ id: 20 })], { nextPage: null, backPage: 1, nextBefore: null }),
        );
      },
    });
    const { user } = renderApp('/orders');
    await screen.findByText('طلب #30');

    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('طلب #20')).toBeInTheDocument();
    expect(screen.getByText('الصفحة 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'السابق' }));
    expect(await screen.findByText('طلب #30')).toBeInTheDocument();

    await user.type(screen.getByLabelText('ابحث في طلباتك'), 'player-7');
    expect(listCalls(fetchMock).some((q) => q.search)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    await user.selectOptions(screen.getByLabelText('حالة الطلب'), 'wait');

    await waitFor(() => expect(listCalls(fetchMock).at(-1)).toEqual({ page: '1', search: 'player-7', status: 'wait' }));
    expect(listCalls(fetchMock)).toContainEqual({ page: '2', before: '21' });
    expect(listCalls(fetchMock)).toContainEqual({ page: '1', search: 'player-7' });
  });

  it("shows the server's msg in a toast when the list fails to load", async () => {
    storeSession();
    mockApi({ 'GET /orders': json({ status: 'error', msg: 'الخدمة غير متاحة مؤقتاً' }, 503) });
    renderApp('/orders');
    await expectLoadFailure('الخدمة غير متاحة مؤقتاً', { toast: true });
  });
});
