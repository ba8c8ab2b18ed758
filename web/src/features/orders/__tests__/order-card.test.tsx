import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeOrder, ordersPage, userWithBalance } from './orders-fixtures';

const balanceLink = () => within(screen.getByRole('banner')).getByRole('link', { name: /رصيدك/ });

function calls(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname.endsWith(path),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('an order card', () => {
  it('cancels a pending order: the card shows the returned order and the top bar the refund', async () => {
    storeSession(userWithBalance('8.75'));
    const fetchMock = mockApi({
      'GET /orders': ordersPage([makeOrder({ id: 41 })]),
      'POST /orders/41/cancel': {
        status: 'success',
        data: {
          order: makeOrder({ id: 41, status: 'cancel', updated_at: '2026-11-20T10:05:00.000Z' }),
          user: userWithBalance('10'),
        },
      },
    });
    const { user } = renderApp('/orders');
    const card = await screen.findByRole('article');
    expect(balanceLink()).toHaveTextContent('8.75 $');
    await user.click(within(card).getByRole('button', { name: 'إلغاء الطلب' }));
    // Nothing is sent before the customer answers "هل أنت متأكد؟"; "لا، تراجع" sends nothing at all.
    await user.click(
      within(await screen.findByRole('dialog', { name: 'هل أنت متأكد؟' })).getByRole('button', { name: 'لا، تراجع' }),
    );
    expect(calls(fetchMock, 'POST', '/orders/41/cancel')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'إلغاء الطلب' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'هل أنت متأكد؟' })).getByRole('button', {
        name: 'نعم، ألغِ الطلب',
      }),
    );
    expect(await within(card).findByText('ملغي')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'إلغاء الطلب' })).not.toBeInTheDocument();
    expect(balanceLink()).toHaveTextContent('10.00 $');
    expect(calls(fetchMock, 'POST', '/orders/41/cancel')).toHaveLength(1);
  });

  it(
    'after a cancel request on a waiting order the card says it is ' + 'under review and offers no second cancel',
    async () => {
      storeSession();
      mockApi({
        'GET /orders': ordersPage([makeOrder({ id: 42, status: 'wait' })]),
        'POST /orders/42/cancel': {
          status: 'success',
          data: { order: makeOrder({ id: 42, status: 'request_cancel', updated_at: '2026-11-20T10:05:00.000Z' }) },
        },
      });
      const { user } = renderApp('/orders');
      const card = await screen.findByRole('article');
      await user.click(within(card).getByRole('button', { name: 'إلغاء الطلب' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'هل أنت متأكد؟' })).getByRole('button', {
          name: 'نعم، ألغِ الطلب',
        }),
      );
      expect(await screen.findByText('تم إرسال طلب الإلغاء، وسيراجعه فريق المتجر')).toBeInTheDocument();
      expect(within(card).getByText('طلب الإلغاء قيد المراجعة')).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'إلغاء الطلب' })).not.toBeInTheDocument();
    },
  );

  it('only logs a failed cancel: no toast, the card unchanged', async () => {
    storeSession();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /orders': ordersPage([makeOrder({ id: 43 })]),
      'POST /orders/43/cancel': json({ status: 'error', msg: 'هذا الطلب ملغي مسبقاً' }, 422),
    });
    const { user } = renderApp('/orders');
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'إلغاء الطلب' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'نعم، ألغِ الطلب' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('cancel failed', expect.anything()));
    expect(screen.queryByText('هذا الطلب ملغي مسبقاً')).not.toBeInTheDocument();
    expect(within(card).getByText('قيد المراجعة')).toBeInTheDocument();
  });

  it('re-reads a pending order every 15 s, adopts the new status and user, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(userWithBalance('5'));
    let reads = 0;
    const fetchMock = mockApi({
      'GET /orders': ordersPage([makeOrder({ id: 44 }), makeOrder({ id: 45, status: 'success' })]),
      'GET /orders/44': () => {
        reads += 1;
        return reads < 2
          ? json({ status: 'success', data: { order: makeOrder({ id: 44 }) } })
          : json({
              status: 'success',
              data: {
                order: makeOrder({ id: 44, status: 'success', message: 'تم', updated_at: '2026-11-20T10:09:00.000Z' }),
                user: userWithBalance('6.25'),
              },
            });
      },
    });
    renderApp('/orders');
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).getByText('قيد المراجعة')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(calls(fetchMock, 'GET', '/orders/44')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(calls(fetchMock, 'GET', '/orders/44')).toHaveLength(1);
    expect(within(card!).getByText('قيد المراجعة')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card!).findByText('مقبول')).toBeInTheDocument();
    expect(within(card!).getByText('تم')).toBeInTheDocument();
    expect(balanceLink()).toHaveTextContent('6.25 $');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls(fetchMock, 'GET', '/orders/44')).toHaveLength(2);
    // The accepted order was never polled.
    expect(calls(fetchMock, 'GET', '/orders/45')).toHaveLength(0);
  });

  it('stops polling when the card leaves the screen, and only logs a failed poll', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchMock = mockApi({
      'GET /orders': ordersPage([makeOrder({ id: 46 })]),
      'GET /orders/46': json({ status: 'error', msg: 'خطأ في الخادم' }, 500),
      'GET /balances': json({ status: 'error', msg: 'x' }, 500),
    });
    const { router } = renderApp('/orders');
    await screen.findByRole('article');
    await act(() => vi.advanceTimersByTimeAsync(15_500));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('order polling failed', expect.anything()));
    expect(screen.queryByText('خطأ في الخادم')).not.toBeInTheDocument();
    const before = calls(fetchMock, 'GET', '/orders/46').length;
    await act(() => router.navigate('/profile'));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls(fetchMock, 'GET', '/orders/46')).toHaveLength(before);
  });
});
