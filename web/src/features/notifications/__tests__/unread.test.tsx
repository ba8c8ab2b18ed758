import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const notice = {
  id: 12,
  title: 'تم تنفيذ طلبك',
  msg: 'كود البطاقة جاهز',
  created_at: '2026-11-22T08:00:00.000Z',
  order_id: 77,
  codes: ['GPLAY-1234-ABCD'],
};

describe('the bell and reading notifications', () => {
  it(
    'shows the unread count, and opening /notifications marks up ' + 'to the newest shown and drops it to none',
    async () => {
      storeSession();
      let unread = 3;
      const marked: unknown[] = [];
      mockApi({
        'GET /setting': settingsReply(testSettings),
        'GET /notifications/unread': () => Response.json({ status: 'success', data: { unread } }),
        'GET /notifications': { status: 'success', data: { notifications: [notice] } },
        'POST /notifications/read': async (request: Request) => {
          marked.push(await request.json());
          unread = 0;
          return Response.json({ status: 'success', data: { unread: 0 } });
        },
        'GET /orders': {
          status: 'success',
          data: { orders: [], paginate: { nextPage: null, backPage: null, nextBefore: null } },
        },
      });
      const { user } = renderApp('/orders');
      const banner = await screen.findByRole('banner');
      const bell = await within(banner).findByRole('link', { name: 'الإشعارات: 3 إشعارات غير مقروءة' });
      expect(within(bell).getByText('3')).toBeInTheDocument();

      await user.click(bell);
      expect(await screen.findByText('تم تنفيذ طلبك')).toBeInTheDocument();
      await waitFor(() => expect(within(banner).getByRole('link', { name: 'الإشعارات' })).toBeInTheDocument());
      expect(marked).toEqual([{ up_to: 12 }]);
    },
  );

  it('a notice about a delivered order shows its code with a copy button and a link to the order', async () => {
    storeSession();
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /notifications/unread': { status: 'success', data: { unread: 0 } },
      'GET /notifications': { status: 'success', data: { notifications: [notice] } },
      'POST /notifications/read': { status: 'success', data: { unread: 0 } },
    });
    renderApp('/notifications');
    const codes = await screen.findByRole('region', { name: 'الأكواد' });
    expect(within(codes).getByText('GPLAY-1234-ABCD')).toHaveAttribute('dir', 'ltr');
    expect(within(codes).getByRole('button', { name: 'نسخ الكود 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تفاصيل الطلب' })).toHaveAttribute('href', '/orders/77');
  });
});
