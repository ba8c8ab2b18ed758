import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession, testUser } from '@/testing/fixtures';
import { json } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { mockProductApi, product } from './catalog-fixtures';

function orderReply(over: Record<string, unknown> = {}) {
  return json(
    {
      status: 'success',
      msg: 'تم إرسال الطلب بنجاح',
      data: {
        order: {
          id: 5,
          status: 'pending',
          product: { id: 11, name: '660 شدة' },
          price: '9.50',
          data: '5123456789',
          phone: null,
          quantity: 1,
          cancel_msg: null,
          message: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
          api: false,
          codes: [],
          delivery: 'manual',
          ...over,
        },
        user: { ...testUser, balance: '40.50' },
      },
    },
    201,
  );
}

const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
const hanging = () => new Promise<Response>(() => undefined);

function productPage(order: (r: Request) => Response | Promise<Response>, p = product()) {
  storeSession({ ...testUser, balance: '50' });
  const sent = mockProductApi(p, { order });
  return { sent, ...renderApp(`/products/${p.id}`) };
}

async function openSheet(user: ReturnType<typeof renderApp>['user'], id = '5123456789') {
  await user.type(await screen.findByLabelText('معرّف الحساب (ID)'), id);
  await user.click(screen.getByRole('button', { name: 'شراء — 9.50 $' }));
  return screen.findByRole('dialog', { name: 'راجع طلبك قبل الدفع' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the purchase confirmation', () => {
  it('sends one key for a double tap, a quiet resend after a dropped connection and a retry', async () => {
    let calls = 0;
    const { sent, user, router } = productPage(() => {
      calls += 1;
      return calls === 1 ? unreachable() : orderReply();
    });
    const dialog = await openSheet(user);
    const confirm = within(dialog).getByRole('button', { name: 'تأكيد' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(router.state.location.state).toMatchObject({ result: 5 });
  });

  it('says the store has not answered after 5 s, and retries with the same key or closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    const { sent, user, router } = productPage(() => {
      calls += 1;
      return calls < 3 ? hanging() : orderReply();
    });
    const dialog = await openSheet(user);
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.queryByText('لم يصل ردّ المتجر بعد')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'جاري الطلب...' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('لم يصل ردّ المتجر بعد');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('فلن يُخصم ثمنه مرتين');
    fireEvent.click(within(dialog).getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);

    // Still no answer: close, and the next purchase of the same fields is the same purchase.
    await act(() => vi.advanceTimersByTimeAsync(5100));
    fireEvent.click(within(dialog).getByRole('button', { name: 'إغلاق' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('معرّف الحساب (ID)')).toHaveValue('5123456789');
    fireEvent.click(screen.getByRole('button', { name: 'شراء — 9.50 $' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('offline: resends quietly, says so within 5 s, and goes on by itself once back online, with one key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let online = false;
    const { sent, user, router } = productPage(() => (online ? orderReply() : unreachable()));
    const dialog = await openSheet(user);
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await act(() => vi.advanceTimersByTimeAsync(5100));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('لم يصل ردّ المتجر بعد');
    expect(sent.length).toBeGreaterThan(1);
    const tries = sent.length;
    // No more resends while the message is up: the customer decides.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(sent).toHaveLength(tries);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(sent).toHaveLength(tries + 1);
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('after success neither Back nor forward brings the confirmation back, and the page is as before', async () => {
    const { sent, user, router } = productPage(() => orderReply());
    const dialog = await openSheet(user);
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    await screen.findByRole('heading', { level: 1, name: 'مشترياتي' });

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/products/11');
    expect(await screen.findByLabelText('معرّف الحساب (ID)')).toHaveValue('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate(1));
    expect(router.state.location.pathname).toBe('/orders');
    await act(() => router.navigate(-1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // A new purchase is a new one: a new key.
    const again = await openSheet(user);
    await user.click(within(again).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('Back closes the confirmation and keeps the form; typed fields survive leaving the page', async () => {
    const { sent, user, router } = productPage(() => orderReply());
    await openSheet(user);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/products/11');
    expect(screen.getByLabelText('معرّف الحساب (ID)')).toHaveValue('5123456789');

    await act(() => router.navigate('/orders'));
    await screen.findByRole('heading', { level: 1, name: 'مشترياتي' });
    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText('معرّف الحساب (ID)')).toHaveValue('5123456789');
    expect(sent).toHaveLength(0);
  });

  it("never keeps an account's password when the page is left", async () => {
    const p = product({ type: 'account' });
    const { user, router } = productPage(() => orderReply(), p);
    await user.type(await screen.findByLabelText('اسم المستخدم / البريد الإلكتروني'), 'me@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret-pass');
    await act(() => router.navigate('/orders'));
    await screen.findByRole('heading', { level: 1, name: 'مشترياتي' });
    await act(() => router.navigate(-1));
    expect(await screen.findByLabelText('اسم المستخدم / البريد الإلكتروني')).toHaveValue('me@example.com');
    expect(screen.getByLabelText('كلمة المرور')).toHaveValue('');
    const stored = Array.from({ length: sessionStorage.length }, (_, i) =>
      sessionStorage.getItem(sessionStorage.key(i)!),
    );
    expect(stored.join('\n')).toContain('me@example.com');
    expect(stored.join('\n')).not.toContain('secret-pass');
  });
});

describe('the order form on a phone', () => {
  it('asks for the quantity with the number pad and keeps the buy button in reach', async () => {
    const p = product({ free: true, min: 100, max: 5000, unit_price: '0.015', unit_price_tr: '0.50' });
    productPage(() => orderReply(), p);
    expect(await screen.findByLabelText('الكمية')).toHaveAttribute('inputmode', 'numeric');
    const buy = screen.getByRole('button', { name: /^شراء/ });
    expect(buy.parentElement?.className).toMatch(/(^| )sticky( |$)/);
    expect(buy.parentElement?.className).toMatch(/md:static/);
  });
});
