import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeOrder, ordersPage } from './orders-fixtures';

const LONG_CODE = 'XKCD-9Q7W-ZZ31-PLMN-0042-ABCD-EFGH-IJKL-MNOP';

describe('delivered codes and the order page', () => {
  it('shows each code whole, left to right, with a copy button that copies it and says so', async () => {
    storeSession();
    mockApi({
      'GET /orders': ordersPage([
        makeOrder({ id: 51, status: 'success', codes: [LONG_CODE, 'SECOND-1'], delivery: 'stock' }),
      ]),
    });
    const { user } = renderApp('/orders');
    const card = await screen.findByRole('article');
    const codes = within(card).getByRole('region', { name: 'الأكواد' });
    const first = within(codes).getByText(LONG_CODE);
    expect(first).toHaveAttribute('dir', 'ltr');
    expect(first.className).not.toMatch(/truncate/);
    await user.click(within(codes).getByRole('button', { name: 'نسخ الكود 1' }));
    expect(await navigator.clipboard.readText()).toBe(LONG_CODE);
    expect(await screen.findByText('تم النسخ إلى الحافظة')).toBeInTheDocument();
  });

  it('/orders/{id} opens directly with the data, codes, messages, refund and status history', async () => {
    storeSession();
    mockApi({
      'GET /orders/52': {
        status: 'success',
        data: {
          order: makeOrder({
            id: 52,
            status: 'cancel',
            cancel_msg: 'المعرّف غير صحيح',
            message: 'راجعنا الطلب',
            codes: [],
          }),
          history: [
            { status: 'pending', at: '2026-11-20T10:00:00.000Z' },
            { status: 'wait', at: '2026-11-20T10:03:00.000Z' },
            { status: 'cancel', at: '2026-11-20T10:09:00.000Z' },
          ],
          refunded: '1.25',
        },
      },
    });
    renderApp('/orders/52');
    expect(await screen.findByRole('heading', { level: 1, name: 'الطلب #52' })).toBeInTheDocument();
    expect(await screen.findByText('5123456789')).toBeInTheDocument();
    expect(screen.getByText('المعرّف غير صحيح')).toBeInTheDocument();
    expect(screen.getByText('راجعنا الطلب')).toBeInTheDocument();
    expect(screen.getByText('المبلغ المسترد:').parentElement).toHaveTextContent('1.25 $');
    const history = screen.getByRole('region', { name: 'سجل الحالة' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.slice(0, 12)),
    ).toEqual([
      expect.stringContaining('قيد المراجعة'),
      expect.stringContaining('قيد الانتظار'),
      expect.stringContaining('ملغي'),
    ]);
    expect(screen.getByRole('link', { name: 'العودة إلى مشترياتي' })).toHaveAttribute('href', '/orders');
  });

  it('a failed load of the order page says what failed and retries, never "حدث خطأ في الطلب"', async () => {
    storeSession();
    let calls = 0;
    mockApi({
      'GET /orders/53': () => {
        calls += 1;
        return calls === 1
          ? json({ status: 'error', msg: 'الخادم مشغول' }, 503)
          : json({ status: 'success', data: { order: makeOrder({ id: 53 }), history: [], refunded: '0.00' } });
      },
    });
    const { user } = renderApp('/orders/53');
    expect(await screen.findByText('تعذّر تحميل بيانات الطلب')).toBeInTheDocument();
    expect(screen.queryByText('حدث خطأ في الطلب')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('شدات ببجي 60')).toBeInTheDocument();
  });
});
