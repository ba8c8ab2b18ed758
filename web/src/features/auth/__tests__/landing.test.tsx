import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { landingAfterSignIn } from '../landing';

const operator = { ...testUser, role: 'operator' as const, is_enable2fa: true };
const routes = {
  'GET /setting': settingsReply(testSettings),
  'GET /auth/options': { status: 'success', data: { google_client_id: null, password_reset: true } },
  'POST /login': { status: 'success', data: { id2fa: 'pending.ref', remember: true } },
  'POST /two-factor-challenge': json({ status: 'success', token: 'tok-op', data: { user: operator, token: 'tok-op' } }),
};

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'op@example.com');
  await user.type(screen.getByLabelText('كلمة المرور'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  await user.type(await screen.findByLabelText('رمز التحقق'), '123456');
  await user.click(screen.getByRole('button', { name: 'تحقق' }));
}

describe('where a sign-in lands', () => {
  it('takes an operator through password and TOTP to /admin', async () => {
    mockApi(routes);
    const { user, router } = renderApp('/login');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('brings an operator back to the /admin page they opened before signing in', async () => {
    mockApi(routes);
    const { user, router } = renderApp('/admin/orders?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('keeps customers on the spec’s / even when a page sent them to sign in', () => {
    expect(landingAfterSignIn(testUser, { pathname: '/orders' })).toBe('/');
    expect(landingAfterSignIn(testUser, { pathname: '/admin/orders' })).toBe('/');
    expect(landingAfterSignIn(operator, { pathname: '/orders' })).toBe('/admin');
    expect(landingAfterSignIn(operator, { pathname: '/administrator' })).toBe('/admin');
  });
});
