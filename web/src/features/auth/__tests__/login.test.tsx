import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

// The shell loads settings on every screen; without them a load-error toast would show.
const store = { 'GET /setting': settingsReply(testSettings) };
const options = (clientId: string | null, passwordReset = true) => ({
  status: 'success',
  data: { google_client_id: clientId, password_reset: passwordReset },
});

async function fillLogin(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'sara@example.com');
  await user.type(screen.getByLabelText('كلمة المرور'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}

describe('/login', () => {
  it('signs in with the form fields the spec names and lands on the home page', async () => {
    const sent: string[] = [];
    mockApi({
      ...store,
      'GET /auth/options': options(null),
      'POST /login': async (request: Request) => {
        sent.push(await request.text());
        return json({ status: 'success', data: { user: testUser, token: 'tok-login' } });
      },
    });
    const { user, router } = renderApp('/login');
    await fillLogin(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(Object.fromEntries(new URLSearchParams(sent[0]))).toEqual({
      email: 'sara@example.com',
      password: 'secret-pass',
      remember: 'true',
      device_token: '',
      trusted_device: '',
    });
    expect(localStorage.getItem('token')).toBe('tok-login');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('sara@example.com');
  });

  it(
    'keeps the trusted_device of a sign-in and sends it with the next ' +
      'login of that account; remember can be unticked',
    async () => {
      const sent: URLSearchParams[] = [];
      mockApi({
        ...store,
        'GET /auth/options': options(null),
        'POST /login': async (request: Request) => {
          sent.push(new URLSearchParams(await request.text()));
          return json({
            status: 'success',
            data: { user: testUser, token: 'tok-login', trusted_device: 'device-token-of-sara-0123456789' },
          });
        },
      });
      const first = renderApp('/login');
      await fillLogin(first.user);
      await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
      first.unmount();
      localStorage.removeItem('token');
      localStorage.removeItem('user');

      const second = renderApp('/login');
      await second.user.click(await screen.findByLabelText('تذكرني على هذا الجهاز'));
      await fillLogin(second.user);
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]?.get('trusted_device')).toBe('device-token-of-sara-0123456789');
      expect(sent[1]?.get('remember')).toBe('false');
    },
  );

  it('keeps the pending login and goes to the challenge when a second factor is needed', async () => {
    mockApi({
      ...store,
      'POST /login': { status: 'success', data: { id2fa: 'opaque.ref', remember: false } },
    });
    const { user, router } = renderApp('/login');
    await fillLogin(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'التحقق بخطوتين' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/challenge-tow-factory');
    expect(localStorage.getItem('user_id')).toBe('opaque.ref');
    expect(localStorage.getItem('user_remember')).toBe('0');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the processing label while busy, then the error line', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({
      ...store,
      'POST /login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderApp('/login');
    await fillLogin(user);

    expect(await screen.findByText('جاري المعالجة...')).toBeInTheDocument();
    answer(json({ status: 'error', msg: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }, 401));
    expect(await screen.findByRole('alert')).toHaveTextContent('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(screen.queryByText('جاري المعالجة...')).not.toBeInTheDocument();
  });

  it('shows the Google button only when the store configured a client id', async () => {
    mockApi({
      ...store,
      'GET /auth/options': options(null),
    });
    const first = renderApp('/login');
    await screen.findByLabelText('البريد الإلكتروني');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'تسجيل الدخول باستخدام Google' })).not.toBeInTheDocument(),
    );
    first.unmount();

    mockApi({
      ...store,
      'GET /auth/options': options('client.apps.googleusercontent.com'),
    });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول باستخدام Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ليس لديك حساب؟ أنشئ حساباً' })).toHaveAttribute('href', '/register');
  });
});

describe('/register', () => {
  const fill = async (user: ReturnType<typeof renderApp>['user']) => {
    await user.type(await screen.findByLabelText('الاسم'), 'سارة');
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.type(screen.getByLabelText('رقم الهاتف'), '0999');
    await user.type(screen.getByLabelText('كلمة المرور'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'إنشاء حساب' }));
  };

  it('creates the account and goes straight to the home page signed in', async () => {
    const sent: string[] = [];
    mockApi({
      ...store,
      'POST /register': async (request: Request) => {
        sent.push(await request.text());
        return json({ status: 'success', data: { user: testUser, token: 'tok-new' } });
      },
    });
    const { user, router } = renderApp('/register');
    await fill(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(Object.fromEntries(new URLSearchParams(sent[0]))).toMatchObject({
      name: 'سارة',
      email: 'sara@example.com',
      phone: '0999',
      password: 'long-enough',
    });
    expect(localStorage.getItem('token')).toBe('tok-new');
  });

  it("shows the server's errors on their fields, as the profile does", async () => {
    mockApi({
      ...store,
      'POST /register': json(
        {
          status: 'error',
          msg: 'البريد الإلكتروني مستخدم من قبل',
          errors: { email: ['البريد الإلكتروني مستخدم من قبل'], password: ['أدخل كلمة مرور أطول من 8 أحرف'] },
        },
        422,
      ),
    });
    const { user } = renderApp('/register');
    await fill(user);
    const email = screen.getByLabelText('البريد الإلكتروني');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('البريد الإلكتروني مستخدم من قبل');
    expect(screen.getByLabelText('كلمة المرور')).toHaveAccessibleDescription('أدخل كلمة مرور أطول من 8 أحرف');
    expect(screen.getByLabelText('الاسم')).not.toHaveAttribute('aria-invalid');
    // Nothing left over that is not on a field, so no separate list repeats them.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
