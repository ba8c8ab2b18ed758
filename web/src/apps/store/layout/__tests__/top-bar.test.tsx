import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('top bar and bottom bar', () => {
  it('shows the signed-in balance in USD, linking to /balances, and the bell', async () => {
    storeSession({ ...testUser, balance: '1234.5' });
    mockApi({ 'GET /setting': settingsReply(testSettings) });
    renderApp('/orders');
    const banner = await screen.findByRole('banner');

    expect(await within(banner).findByRole('link', { name: 'متجر رصيد' })).toHaveAttribute('href', '/');
    expect(within(banner).getByRole('link', { name: 'رصيدك: 1,234.50 $' })).toHaveAttribute('href', '/balances');
    expect(within(banner).getByRole('link', { name: 'الإشعارات' })).toHaveAttribute('href', '/notifications');
  });

  it('shows no balance to a guest', async () => {
    renderApp('/login');
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByRole('link', { name: /رصيدك/ })).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'تبديل المظهر' })).toBeInTheDocument();
  });

  it('offers balances, home and orders in the phone bottom bar', async () => {
    storeSession();
    renderApp('/orders');
    const bar = await screen.findByRole('navigation', { name: 'التنقل السريع' });
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/balances', '/', '/orders']);
    expect(within(bar).getByRole('link', { name: 'مشترياتي' })).toHaveAttribute('aria-current', 'page');
  });
});
