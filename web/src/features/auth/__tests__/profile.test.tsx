import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const store = {
  'GET /setting': settingsReply(testSettings),
  'GET /me': { status: 'success', data: { user: testUser } },
};

describe('/profile', () => {
  it('checks the fields as the spec says and shows each message beside its field', async () => {
    storeSession();
    const fetchMock = mockApi(store);
    const { user } = renderApp('/profile');
    const name = await screen.findByLabelText('الاسم');
    await user.clear(name);
    await user.clear(screen.getByLabelText('البريد الإلكتروني'));
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'not-an-email');
    await user.clear(screen.getByLabelText('رقم الهاتف'));
    await user.type(screen.getByLabelText('كلمة المرور'), 'short');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    expect(await screen.findByText('يرجى إدخال الاسم بشكل صحيح')).toBeInTheDocument();
    expect(screen.getByLabelText('الاسم')).toHaveAccessibleDescription('يرجى إدخال الاسم بشكل صحيح');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAccessibleDescription(
      'يرجى إدخال البريد الإلكتروني بشكل صحيح',
    );
    expect(screen.getByLabelText('رقم الهاتف')).toHaveAccessibleDescription('يرجى إدخال رقم الهاتف بشكل صحيح');
    expect(screen.getByLabelText('كلمة المرور')).toHaveAccessibleDescription('أدخل كلمة مرور أطول من 8 أحرف');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/profile'))).toBe(false);
  });

  it('saves with an empty password (kept as it is) and adopts the returned user', async () => {
    storeSession();
    const sent: string[] = [];
    mockApi({
      ...store,
      'POST /profile': async (request: Request) => {
        sent.push(await request.text());
        return json({
          status: 'success',
          msg: 'تم حفظ الملف الشخصي',
          data: { user: { ...testUser, name: 'سارة أحمد' } },
        });
      },
    });
    const { user } = renderApp('/profile');
    const name = await screen.findByLabelText('الاسم');
    await user.clear(name);
    await user.type(name, 'سارة أحمد');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    expect(await screen.findByText('تم حفظ الملف الشخصي')).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(sent[0]))).toEqual({
      name: 'سارة أحمد',
      email: testUser.email,
      phone: testUser.phone,
      password: '',
    });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').name).toBe('سارة أحمد');
  });

  it('turns a 423 into a password prompt, confirms the password and saves again', async () => {
    storeSession();
    const profileCalls: string[] = [];
    const confirmations: string[] = [];
    mockApi({
      ...store,
      'POST /profile': async (request: Request) => {
        profileCalls.push(await request.text());
        if (profileCalls.length === 1)
          return json({ status: 'error', msg: 'لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة' }, 423);
        return json({
          status: 'success',
          msg: 'تم حفظ الملف الشخصي',
          data: { user: { ...testUser, email: 'new@example.com' } },
        });
      },
      'POST /user/confirm-password': async (request: Request) => {
        confirmations.push(new URLSearchParams(await request.text()).get('password') ?? '');
        return json({ status: 'success', msg: 'تم تأكيد كلمة المرور' });
      },
    });
    const { user } = renderApp('/profile');
    const email = await screen.findByLabelText('البريد الإلكتروني');
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    const dialog = await screen.findByRole('dialog', { name: 'تأكيد كلمة المرور' });
    expect(within(dialog).getByText('لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('كلمة المرور'), 'my-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));

    expect(await screen.findByText('تم حفظ الملف الشخصي')).toBeInTheDocument();
    expect(confirmations).toEqual(['my-password-1']);
    expect(profileCalls).toHaveLength(2);
    expect(new URLSearchParams(profileCalls[1]).get('email')).toBe('new@example.com');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's message, and its field message beside the field", async () => {
    storeSession();
    mockApi({
      ...store,
      'POST /profile': json(
        {
          status: 'error',
          msg: 'البريد الإلكتروني مستخدم من قبل',
          errors: { email: ['البريد الإلكتروني مستخدم من قبل'] },
        },
        422,
      ),
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'حفظ' }));
    const form = screen.getByRole('button', { name: 'حفظ' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('البريد الإلكتروني مستخدم من قبل');
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAccessibleDescription('البريد الإلكتروني مستخدم من قبل');
  });

  it('links to /enable-2fa when two-factor is off, and turns it off when on', async () => {
    storeSession();
    mockApi(store);
    const first = renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'تفعيل المصادقة الثنائية' })).toHaveAttribute('href', '/enable-2fa');
    first.unmount();

    const on = { ...testUser, is_enable2fa: true };
    storeSession(on);
    const calls: string[] = [];
    mockApi({
      ...store,
      'GET /me': { status: 'success', data: { user: on } },
      'DELETE /user/two-factor-authentication': (request: Request) => {
        calls.push(request.method);
        return json({ status: 'success', msg: 'تم تعطيل المصادقة الثنائية', data: { user: testUser } });
      },
    });
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'تعطيل المصادقة الثنائية' }));
    expect(await screen.findByRole('link', { name: 'تفعيل المصادقة الثنائية' })).toBeInTheDocument();
    expect(calls).toEqual(['DELETE']);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').is_enable2fa).toBe(false));
  });
});
