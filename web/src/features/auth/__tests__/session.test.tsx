import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

describe('session', () => {
  it('logs out from the drawer: tells the server, forgets the session, ends at /login', async () => {
    storeSession(testUser, 'tok-9');
    const logoutAuth: Array<string | null> = [];
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'POST /logout': (request: Request) => {
        logoutAuth.push(request.headers.get('Authorization'));
        return json({ status: 'success' });
      },
    });
    const { user, router } = renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'القائمة' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'تسجيل الخروج' }));

    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logoutAuth).toEqual(['Bearer tok-9']);
  });

  it('still logs out when the server cannot be reached', async () => {
    storeSession();
    const { user, router } = renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'القائمة' }));
    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('refreshes the stored user from /me, so the top bar shows the current balance', async () => {
    storeSession({ ...testUser, balance: '5' });
    mockApi({
      // Only the stored token opens /me: proves the session's token became the bearer header.
      'GET /me': (request: Request) =>
        request.headers.get('Authorization') === 'Bearer test-token'
          ? json({ status: 'success', data: { user: { ...testUser, balance: '80.25' } } })
          : json({ status: 'error', msg: 'غير مصرح' }, 401),
    });
    renderApp('/orders');
    expect(await screen.findByRole('link', { name: 'رصيدك: 80.25 $' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').balance).toBe('80.25');
  });

  it('forgets a session the server rejects and sends the customer to /login', async () => {
    storeSession();
    mockApi({ 'GET /me': json({ status: 'error', msg: 'انتهت الجلسة' }, 401) });
    const { router } = renderApp('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});
