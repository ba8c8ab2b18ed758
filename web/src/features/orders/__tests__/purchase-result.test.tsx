import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { makeOrder, ordersPage } from './orders-fixtures';

const CODE = 'DEMO-AA1B-8229-5764';
const STEPS = '1. افتح المتجر.\n2. اختر «استرداد».';

function resultPage(order: ReturnType<typeof makeOrder>, steps: string | null) {
  storeSession();
  mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /orders': ordersPage([order, makeOrder({ id: 40, product: { id: 2, name: 'بطاقة قديمة' } })]),
    [`GET /orders/${order.id}`]: { status: 'success', data: { order, history: [], redeem_instructions: steps } },
  });
  const app = renderApp('/orders');
  return app;
}

describe('the result of a purchase on /orders', () => {
  it('shows a delivered code first, large and whole, with its copy button and the redemption steps', async () => {
    const order = makeOrder({ id: 77, status: 'success', codes: [CODE], delivery: 'stock' });
    const { router } = resultPage(order, STEPS);
    await act(() => router.navigate('/orders', { state: { result: 77 } }));
    const result = await screen.findByRole('article', { name: 'نتيجة الشراء' });
    expect(within(result).getByRole('heading', { name: 'تم التسليم: كودك جاهز' })).toBeInTheDocument();
    const code = within(result).getByText(CODE);
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(code.className).toMatch(/whitespace-nowrap/);
    expect(within(result).getByRole('button', { name: 'نسخ الكود 1' })).toBeInTheDocument();
    const steps = within(result).getByRole('region', { name: 'طريقة الاستخدام' });
    expect(steps).toHaveTextContent('اختر «استرداد»');
    // The result comes before the list, and the list does not show the same order again.
    const list = await screen.findByRole('list', { name: 'قائمة الطلبات' });
    expect(result.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(within(list).queryByText(CODE)).not.toBeInTheDocument();
  });

  it('a pending order says what happens next and links to WhatsApp with the order number', async () => {
    const order = makeOrder({ id: 78, status: 'pending' });
    const { router } = resultPage(order, null);
    await act(() => router.navigate('/orders', { state: { result: 78 } }));
    const result = await screen.findByRole('article', { name: 'نتيجة الشراء' });
    expect(within(result).getByRole('heading', { name: 'تم إرسال الطلب بنجاح' })).toBeInTheDocument();
    expect(within(result).getByText(/يراجع فريق المتجر طلبك الآن/)).toBeInTheDocument();
    expect(within(result).getByText('قيد المراجعة')).toBeInTheDocument();
    const contact = within(result).getByRole('link', { name: 'تواصل معنا بخصوص هذا الطلب' });
    const href = new URL(contact.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/963933111222');
    expect(href.searchParams.get('text')).toBe('مرحباً، أستفسر عن الطلب رقم #78');
    expect(within(result).queryByRole('region', { name: 'طريقة الاستخدام' })).not.toBeInTheDocument();
  });

  it('shows no result without a purchase', async () => {
    resultPage(makeOrder({ id: 79 }), null);
    await screen.findByRole('list', { name: 'قائمة الطلبات' });
    expect(screen.queryByRole('article', { name: 'نتيجة الشراء' })).not.toBeInTheDocument();
  });
});
