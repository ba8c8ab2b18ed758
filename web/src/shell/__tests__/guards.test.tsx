import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-provider';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { RequireUser } from '../guards';

describe('route guards', () => {
  it('shows a guest a loading state at a protected screen, then sends them to /login', async () => {
    // Warm the two screen chunks so the first frame after start-up is the guard's own.
    await Promise.all([import('@/apps/store/screens/orders'), import('@/features/auth/routes/login')]);
    const { router } = renderApp('/orders');
    await waitFor(() => expect(router.state.initialized).toBe(true));

    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.getByRole('status')).toHaveTextContent('جاري التحميل...');
    expect(screen.queryByRole('heading', { name: 'مشترياتي' })).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('waits 100 ms for the stored user before redirecting (spec section 2)', async () => {
    vi.useFakeTimers();
    try {
      const router = createMemoryRouter(
        [
          { Component: RequireUser, children: [{ path: '/orders', element: <h1>orders</h1> }] },
          { path: '/login', element: <h1>login</h1> },
        ],
        { initialEntries: ['/orders'] },
      );
      render(
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>,
      );
      expect(screen.getByRole('status')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(router.state.location.pathname).toBe('/orders');
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(router.state.location.pathname).toBe('/login');
      expect(screen.getByRole('heading', { name: 'login' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('redirects a guest from every protected screen, including the home page', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a protected screen to a signed-in customer without a detour', async () => {
    storeSession();
    mockApi({ 'GET /setting': settingsReply(testSettings) });
    const { router } = renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'مشترياتي' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('sends a signed-in customer away from /login to the home page', async () => {
    storeSession();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'الرئيسية' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in customer away from /register too', async () => {
    storeSession();
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets a guest open /login and /register', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeInTheDocument();
  });

  it('opens the two-factor challenge only with a pending login', async () => {
    const first = renderApp('/challenge-tow-factory');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    first.unmount();

    localStorage.setItem('user_id', '42');
    localStorage.setItem('user_remember', '1');
    const second = renderApp('/challenge-tow-factory');
    expect(await screen.findByRole('heading', { level: 1, name: 'التحقق بخطوتين' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/challenge-tow-factory');
  });

  it(
    'loads the operator area lazily for an operator, tells a ' + 'customer it is not theirs, and keeps guests out',
    async () => {
      const guest = renderApp('/admin/orders');
      await waitFor(() => expect(guest.router.state.location.pathname).toBe('/login'));
      guest.unmount();

      storeSession();
      const customer = renderApp('/admin/orders');
      expect(await screen.findByText('هذه الصفحة مخصصة لمشرفي المتجر فقط')).toBeInTheDocument();
      customer.unmount();

      storeSession({ ...testUser, role: 'operator' });
      renderApp('/admin/orders');
      expect(await screen.findByRole('link', { name: 'لوحة التحكم' })).toBeInTheDocument();
    },
  );
});
