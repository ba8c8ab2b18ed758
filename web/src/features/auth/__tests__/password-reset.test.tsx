import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const store = { 'GET /setting': settingsReply(testSettings) };
const options = (passwordReset: boolean) => ({
  status: 'success',
  data: { google_client_id: null, password_reset: passwordReset },
});
const SENT =
  'إن كان هذا البريد مسجّلاً لدينا فستصله خلال دقائق رسالة فيها رابط لتعيين كلمة مرور جديدة، صالح لمدة 30 دقيقة.';
const TOKEN = 'kP3vQ8sT1uW4xY7zA0bC2dE5fG8hJ1kL4mN7pQ0rS3t';

describe('forgot password', () => {
  it('is a link on the sign-in page; the e-mail goes to the server and its answer is shown', async () => {
    const sent: URLSearchParams[] = [];
    mockApi({
      ...store,
      'GET /auth/options': options(true),
      'POST /password/forgot': async (request: Request) => {
        sent.push(new URLSearchParams(await request.text()));
        return json({ status: 'success', msg: SENT });
      },
    });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'نسيت كلمة المرور؟' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    await user.type(await screen.findByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.click(screen.getByRole('button', { name: 'أرسل الرابط' }));
    expect(await screen.findByText(SENT)).toHaveAttribute('role', 'status');
    expect(sent.map((b) => Object.fromEntries(b))).toEqual([{ email: 'sara@example.com' }]);
    // Another link can be asked for (the first mail may be slow).
    await user.click(screen.getByRole('button', { name: 'لم تصلك الرسالة؟ أرسل رابطاً آخر' }));
    expect(await screen.findByLabelText('البريد الإلكتروني')).toBeInTheDocument();
  });

  it('on a store that sends no mail, points to its WhatsApp instead of a form', async () => {
    const fetchMock = mockApi({ ...store, 'GET /auth/options': options(false) });
    renderApp('/forgot-password');
    const whatsapp = await screen.findByRole('link', { name: 'تواصل معنا عبر واتساب' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/963933111222');
    expect(screen.getByText(/لا يرسل هذا المتجر رسائل بالبريد/)).toBeInTheDocument();
    expect(screen.queryByLabelText('البريد الإلكتروني')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/password/forgot'))).toBe(false);
  });
});

describe('/reset-password#<token>', () => {
  it('checks the new password like registration, then sends it with the link token', async () => {
    const sent: URLSearchParams[] = [];
    mockApi({
      ...store,
      'POST /password/reset': async (request: Request) => {
        sent.push(new URLSearchParams(await request.text()));
        return json({ status: 'success', msg: 'تم تعيين كلمة المرور الجديدة. سجّل الدخول بها الآن.' });
      },
    });
    const { user, router } = renderApp(`/reset-password#${TOKEN}`);
    const field = await screen.findByLabelText('كلمة المرور الجديدة');
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('أدخل كلمة مرور أطول من 8 أحرف'));
    expect(sent).toEqual([]);

    await user.type(field, '-but-longer');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText('تم تعيين كلمة المرور الجديدة. سجّل الدخول بها الآن.')).toBeInTheDocument();
    expect(sent.map((b) => Object.fromEntries(b))).toEqual([{ token: TOKEN, password: 'short-but-longer' }]);
    await user.click(screen.getByRole('link', { name: 'تسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a used or expired link says so and offers a new one', async () => {
    const used = 'استُخدم رابط تعيين كلمة المرور هذا من قبل. اطلب رابطاً جديداً إن احتجت.';
    mockApi({
      ...store,
      'POST /password/reset': json({ status: 'error', msg: used, errors: { token: [used] } }, 422),
    });
    const { user } = renderApp(`/reset-password#${TOKEN}`);
    await user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText(used)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('link', { name: 'اطلب رابطاً جديداً' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('button', { name: 'حفظ كلمة المرور' })).toBeDisabled();
  });

  it('a link without its token says it is incomplete', async () => {
    mockApi(store);
    renderApp('/reset-password');
    expect(await screen.findByText(/هذا الرابط ناقص/)).toBeInTheDocument();
    expect(screen.queryByLabelText('كلمة المرور الجديدة')).not.toBeInTheDocument();
  });
});

describe('a session ended from another device', () => {
  it('lands on the sign-in page with the reason the server gave', async () => {
    const why =
      'تم تسجيل خروجك لأن المصادقة الثنائية فُعّلت على حسابك من جهاز آخر. ' +
      'سجّل الدخول من جديد بكلمة المرور ورمز التحقق.';
    storeSession();
    mockApi({ ...store, 'GET /auth/options': options(true), 'GET /me': json({ status: 'error', msg: why }, 401) });
    const { router } = renderApp('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const notice = await screen.findByText(why);
    expect(notice.closest('[role="status"]')).toHaveTextContent('تم تسجيل خروجك');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
