import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const store = { 'GET /setting': settingsReply(testSettings) };

describe('/challenge-tow-factory', () => {
  it('sends id, remember and code as multipart and signs in with the top-level token', async () => {
    localStorage.setItem('user_id', 'opaque.ref');
    localStorage.setItem('user_remember', '0');
    const sent: Array<Record<string, FormDataEntryValue>> = [];
    mockApi({
      ...store,
      'POST /two-factor-challenge': async (request: Request) => {
        expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data/);
        sent.push(Object.fromEntries(await request.formData()));
        return json({
          status: 'success',
          token: 'top-level-token',
          data: { user: testUser, token: 'top-level-token' },
        });
      },
    });
    const { user, router } = renderApp('/challenge-tow-factory');
    expect(await screen.findByRole('img', { name: 'متجر رصيد' })).toHaveAttribute('src', testSettings.logo);
    await user.type(screen.getByLabelText('رمز التحقق'), '123456');
    await user.click(screen.getByRole('button', { name: 'تحقق' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent).toEqual([{ id: 'opaque.ref', remember: 'false', code: '123456' }]);
    expect(localStorage.getItem('token')).toBe('top-level-token');
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('user_remember')).toBeNull();
  });

  it('shows the server message in red above the input and stays on the screen', async () => {
    localStorage.setItem('user_id', 'opaque.ref');
    mockApi({
      ...store,
      'POST /two-factor-challenge': json(
        {
          status: 'error',
          msg: 'رمز التحقق غير صحيح أو مستخدم من قبل',
          errors: { code: ['رمز التحقق غير صحيح أو مستخدم من قبل'] },
        },
        422,
      ),
    });
    const { user, router } = renderApp('/challenge-tow-factory');
    const input = await screen.findByLabelText('رمز التحقق');
    await user.type(input, 'K7QF2-M9XWA');
    await user.click(screen.getByRole('button', { name: 'تحقق' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('رمز التحقق غير صحيح أو مستخدم من قبل');
    expect(alert).toHaveClass('text-danger');
    expect(alert.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(router.state.location.pathname).toBe('/challenge-tow-factory');
    expect(localStorage.getItem('user_id')).toBe('opaque.ref');
  });

  it('links back to /login', async () => {
    localStorage.setItem('user_id', 'opaque.ref');
    const { user, router } = renderApp('/challenge-tow-factory');
    await user.click(await screen.findByRole('link', { name: 'العودة إلى تسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('user_id')).toBeNull();
  });
});
