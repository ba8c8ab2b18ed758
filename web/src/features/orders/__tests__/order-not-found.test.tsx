import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('/orders/{id} of an order that does not exist', () => {
  it('says the order is not there and leads to the orders, with no retry (asking again changes nothing)', async () => {
    storeSession();
    const fetchMock = mockApi({
      'GET /orders/999999': json({ status: 'error', msg: 'العنصر المطلوب غير موجود' }, 404),
    });
    const { user, router } = renderApp('/orders/999999');
    expect(await screen.findByText('هذا الطلب غير موجود في حسابك')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
    const calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/orders/999999')).length;
    expect(calls()).toBe(1);
    await user.click(screen.getAllByRole('link', { name: 'العودة إلى مشترياتي' }).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });
});
