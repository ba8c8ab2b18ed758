import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const options = {
  status: 'success',
  data: { google_client_id: 'client.apps.googleusercontent.com', password_reset: true },
};

/**
 * Google's script cannot load here (no network): it is stood in for at that boundary only, as
 * the object the real script puts on window. Its button, when clicked, hands over a credential
 * the way Google's popup does.
 */
function fakeGoogle() {
  const calls: string[] = [];
  let callback: ((r: { credential?: string }) => void) | undefined;
  window.google = {
    accounts: {
      id: {
        initialize: (config) => {
          calls.push(`initialize ${config.client_id} ${config.ux_mode}`);
          callback = config.callback;
        },
        renderButton: (parent, opts) => {
          calls.push(`renderButton ${opts.type} ${opts.text} ${opts.locale}`);
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Sign in with Google (Google)';
          button.onclick = () => callback?.({ credential: 'google-id-token' });
          parent.append(button);
        },
      },
    },
  };
  return calls;
}

afterEach(() => {
  delete window.google;
});

describe('Google sign-in on /login', () => {
  it("draws Google's own button (no One Tap prompt) and links a password account with its password once", async () => {
    const calls = fakeGoogle();
    const sent: Array<[string, Record<string, string>]> = [];
    const record = (reply: unknown) => async (request: Request) => {
      sent.push([new URL(request.url).pathname, Object.fromEntries(new URLSearchParams(await request.text()))]);
      return typeof reply === 'function' ? reply() : json(reply);
    };
    let linkTries = 0;
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /auth/options': options,
      'POST /auth/google': record({ status: 'success', data: { link_required: true, email: 'sara@example.com' } }),
      'POST /auth/google/link': record(() => {
        linkTries += 1;
        return linkTries === 1
          ? json(
              { status: 'error', msg: 'كلمة المرور غير صحيحة', errors: { password: ['كلمة المرور غير صحيحة'] } },
              422,
            )
          : json({ status: 'success', data: { user: testUser, token: 'tok-google' } });
      }),
    });
    const { user, router } = renderApp('/login');
    // The login route loads lazily and the options come first: allow for a busy machine.
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google (Google)' }));
    expect(calls).toEqual([
      'initialize client.apps.googleusercontent.com popup',
      'renderButton standard signin_with ar',
    ]);

    const linkForm = await screen.findByRole('form', { name: 'ربط حساب Google بحسابك' });
    expect(linkForm).toHaveTextContent('sara@example.com');
    expect(localStorage.getItem('token')).toBeNull();
    await user.type(screen.getAllByLabelText('كلمة المرور').at(-1)!, 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'ربط الحساب وتسجيل الدخول' }));
    expect(await screen.findByText('كلمة المرور غير صحيحة')).toBeInTheDocument();

    const field = screen.getAllByLabelText('كلمة المرور').at(-1)!;
    await user.clear(field);
    await user.type(field, 'right-pass');
    await user.click(screen.getByRole('button', { name: 'ربط الحساب وتسجيل الدخول' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('token')).toBe('tok-google');
    expect(sent.map(([path, body]) => [path, body.credential, body.password])).toEqual([
      ['/public/api/v1/auth/google', 'google-id-token', undefined],
      ['/public/api/v1/auth/google/link', 'google-id-token', 'wrong-pass'],
      ['/public/api/v1/auth/google/link', 'google-id-token', 'right-pass'],
    ]);
  });
});
