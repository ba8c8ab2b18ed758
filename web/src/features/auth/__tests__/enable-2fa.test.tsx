import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const OTPAUTH = 'otpauth://totp/%D9%85%D8%AA%D8%AC%D8%B1:test%40raseed.local?secret=JBSWY3DPEHPK3PXP&issuer=x';
const setupOf = (setupKey: string) => ({ status: 'success', data: { qrCode: QR, setupKey, otpauthUrl: OTPAUTH } });
const store = {
  'GET /setting': settingsReply(testSettings),
  'GET /me': { status: 'success', data: { user: testUser } },
};
const codes = [
  'K7QF2-M9XWA',
  'ABCDE-FGHJK',
  'MNPQR-STUVW',
  'XYZ23-45678',
  '9ABCD-EFGHJ',
  'KMNPQ-RSTUV',
  'WXYZ2-34567',
  '89ABC-DEFGH',
];

describe('/enable-2fa', () => {
  it(
    'shows the QR image and setup key, confirms a 6-digit code, then ' + 'lists the backup codes without the input',
    async () => {
      storeSession();
      const sent: unknown[] = [];
      mockApi({
        ...store,
        'GET /enable': setupOf('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'),
        'POST /user/confirmed-two-factor-authentication': async (request: Request) => {
          expect(request.headers.get('content-type')).toBe('application/json');
          sent.push(await request.json());
          return json({ status: 'success', data: { user: { ...testUser, is_enable2fa: true }, codes } });
        },
      });
      const { user } = renderApp('/enable-2fa');
      expect(await screen.findByRole('img', { name: 'رمز QR لإضافة الحساب إلى تطبيق المصادقة' })).toHaveAttribute(
        'src',
        QR,
      );
      // One unbroken left-to-right run in groups of four; copy takes the key without the spaces.
      const key = screen.getByTestId('setup-key');
      expect(key).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
      expect(key).toHaveAttribute('dir', 'ltr');
      expect(key.className).toMatch(/whitespace-nowrap/);
      expect(key.className).toMatch(/unicode-bidi:isolate/);
      await user.click(screen.getByRole('button', { name: 'نسخ مفتاح الإعداد' }));
      expect(await navigator.clipboard.readText()).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
      expect(await screen.findByText('تم النسخ إلى الحافظة')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'فتح في تطبيق المصادقة' })).toHaveAttribute('href', OTPAUTH);

      await user.type(screen.getByLabelText('رمز التحقق'), '123456');
      await user.click(screen.getByRole('button', { name: 'تأكيد' }));

      expect(await screen.findByText('تم تفعيل المصادقة الثنائية')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'رموز الاسترداد' })).toBeInTheDocument();
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expect.arrayContaining(codes));
      expect(screen.queryByLabelText('رمز التحقق')).not.toBeInTheDocument();
      expect(sent).toEqual([{ code: '123456' }]);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').is_enable2fa).toBe(true);

      // Each code unbroken, all copied at once or downloaded as a text file.
      for (const code of codes) expect(screen.getByText(code).className).toMatch(/whitespace-nowrap/);
      await user.click(screen.getByRole('button', { name: 'نسخ كل الرموز' }));
      expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
      const files: Blob[] = [];
      // jsdom has no object URLs; the click's file is captured here instead of saved.
      const jsdom = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        files.push(blob as Blob);
        return 'blob:codes';
      };
      URL.revokeObjectURL = () => undefined;
      try {
        await user.click(screen.getByRole('button', { name: 'تنزيل الرموز (ملف نصي)' }));
      } finally {
        URL.createObjectURL = jsdom.create;
        URL.revokeObjectURL = jsdom.revoke;
      }
      expect(files).toHaveLength(1);
      expect(files[0]!.type).toBe('text/plain;charset=utf-8');
      // jsdom's Blob has no text(); its FileReader reads it.
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(files[0]!);
      });
      expect(text).toContain(`رموز الاسترداد لحسابك في متجر رصيد (${testUser.email})`);
      expect(text.split('\r\n').filter((line) => /^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(line))).toEqual(codes);
    },
  );

  it('asks for 6 digits before calling the server, and shows a refused code beside the input', async () => {
    storeSession();
    const fetchMock = mockApi({
      ...store,
      'GET /enable': setupOf('JBSWY3DPEHPK3PXP'),
      'POST /user/confirmed-two-factor-authentication': json(
        {
          status: 'error',
          msg: 'رمز التحقق غير صحيح أو مستخدم من قبل',
          errors: { code: ['رمز التحقق غير صحيح أو مستخدم من قبل'] },
        },
        422,
      ),
    });
    const { user } = renderApp('/enable-2fa');
    const input = await screen.findByLabelText('رمز التحقق');
    await user.type(input, '12a');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('رمز التحقق يتكون من 6 أرقام')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('confirmed-two-factor'))).toBe(false);

    await user.clear(input);
    await user.type(input, '654321');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('رمز التحقق غير صحيح أو مستخدم من قبل'));
  });

  it('never asks the server for a new secret when two-factor is already on', async () => {
    const on = { ...testUser, is_enable2fa: true };
    storeSession(on);
    const fetchMock = mockApi({ ...store, 'GET /me': { status: 'success', data: { user: on } } });
    renderApp('/enable-2fa');
    expect(await screen.findByText('تم تفعيل المصادقة الثنائية')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/enable'))).toBe(false);
  });
});

describe('/enable-2fa on a session without a recent password confirmation', () => {
  it('asks for the password first, then shows the setup key', async () => {
    storeSession();
    let confirmed = false;
    const sent: unknown[] = [];
    mockApi({
      ...store,
      'GET /enable': () =>
        confirmed
          ? json(setupOf('JBSWY3DPEHPK3PXP'))
          : json({ status: 'error', msg: 'لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة' }, 423),
      'POST /user/confirm-password': async (request: Request) => {
        sent.push(Object.fromEntries((await request.formData()).entries()));
        confirmed = true;
        return json({ status: 'success', msg: 'تم تأكيد كلمة المرور' });
      },
    });
    const { user } = renderApp('/enable-2fa');
    expect(await screen.findByText('لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة')).toBeInTheDocument();
    expect(screen.queryByTestId('setup-key')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('كلمة المرور'), 'owner-password-1');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByTestId('setup-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(sent).toEqual([{ password: 'owner-password-1' }]);
  });

  it('an account without a password is asked to sign in with Google again, not for a password', async () => {
    storeSession();
    mockApi({
      ...store,
      'GET /me': { status: 'success', data: { user: { ...testUser, has_password: false } } },
      'GET /auth/options': { status: 'success', data: { google_client_id: null, password_reset: true } },
      'GET /enable': json({ status: 'error', msg: 'لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة' }, 423),
    });
    renderApp('/enable-2fa');
    expect(await screen.findByText(/سجّل الدخول باستخدام Google مجدداً/)).toBeInTheDocument();
    expect(screen.queryByLabelText('كلمة المرور')).not.toBeInTheDocument();
  });
});
