import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { operatorUser, ok, ordersReply, pendingOrder, statsReply } from '@/testing/console-fixtures';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };

describe('an order placed on another storefront in the orders queue', () => {
  it('shows its storefront and the provider’s price beside the price charged; not on the provider’s own', async () => {
    storeSession(secured);
    const onB = { ...pendingOrder, id: 50, storefront_id: 2, price: '11.00', provider_price: '10.00' };
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: secured }),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/orders`]: () => json(ordersReply([onB, pendingOrder])),
    });
    renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: /#50/ });
    expect(within(card).getByText('متجر #2')).toBeInTheDocument();
    expect(within(card).getByText('سعر المزود')).toBeInTheDocument();
    expect(within(card).getByText('10.00 $')).toBeInTheDocument();
    expect(within(card).getByText('11.00 $')).toBeInTheDocument();
    const own = screen.getByRole('article', { name: /#12/ });
    expect(within(own).queryByText('سعر المزود')).not.toBeInTheDocument();
  });
});
