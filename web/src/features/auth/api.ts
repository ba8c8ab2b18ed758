import type { SecondFactorNeeded, SignedIn, User } from '@raseed/contract';
import { isSecondFactorNeeded } from '@raseed/contract/plain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, api } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { authKeys, settingsKeys } from '@/lib/query-keys';
import { clearPendingChallenge, readPendingChallenge, savePendingChallenge } from '@/lib/session';
import { sessionStore, useSessionState, useUserReading } from '@/lib/session-store';
import { landingAfterSignIn, originOf } from './landing';
import { rememberTrustedDevice, trustedDeviceFor } from './trusted-device';

export async function getMe() {
  const reply = await api.get('/me', (c) => c.userReply);
  return reply.data.user;
}

export const meQueryOptions = () => queryOptions({ queryKey: authKeys.me, queryFn: getMe });

/** The signed-in user as the server has it now (fresh balance); idle for guests. */
export function useMe() {
  const { token } = useSessionState();
  return useQuery({ ...meQueryOptions(), enabled: Boolean(token) });
}

/** Revokes the token on the server. Passed explicitly: the session is cleared at once. */
export function logoutRequest(token: string) {
  return api.post('/logout', undefined, (c) => c.emptyReply, { token });
}

/**
 * Signs out: the server call is best effort (an expired or offline session must still be able
 * to leave), the local session and the customer's cached data go at once, then home.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    const { token } = sessionStore.getState();
    if (token) logoutRequest(token).catch(() => undefined);
    sessionStore.clear();
    clearPendingChallenge();
    // Settings are the store's, not the customer's: keep them to avoid a blank shell.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== settingsKeys.all[0] });
    navigate(paths.home);
  }, [navigate, queryClient]);
}

/**
 * Keeps the stored user in step with the server once per visit (balance changes made elsewhere),
 * and forgets a session the server no longer accepts so guards send the customer to /login.
 */
export function useSessionSync(): void {
  const me = useMe();
  useUserReading(me.data, me.dataUpdatedAt);
  useEffect(() => {
    // Signed out elsewhere (a password reset, two-factor turned on): the sign-in page says why.
    if (me.error instanceof ApiError && me.error.status === 401) sessionStore.end(me.error.msg);
  }, [me.error]);
}

// ——— signing in, registering, two-factor, profile ———

/** Forms go out as the spec sends them: urlencoded fields. */
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/**
 * The push-messaging token sent at login and registration (spec section 7). This build has no
 * push service, so the field is sent empty and the server stores none.
 */
export function deviceToken(): string {
  return '';
}

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.options,
    queryFn: async () => (await api.get('/auth/options', (c) => c.authOptionsReply)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Which sign-in methods the store offers; the Google button shows only with a client id. */
export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}

/** After a first factor (password or Google): signed in, or on to the challenge screen. */
function useFinishFirstFactor() {
  const navigate = useNavigate();
  const origin = originOf(useLocation().state);
  return useCallback(
    (data: SignedIn | SecondFactorNeeded) => {
      if (isSecondFactorNeeded(data)) {
        savePendingChallenge(data.id2fa, data.remember);
        // The page the guard sent them from rides along, so the challenge can land there.
        navigate(paths.challenge, { state: origin ? { from: origin } : undefined });
        return;
      }
      clearPendingChallenge();
      rememberTrustedDevice(data.user.email, data.trusted_device);
      sessionStore.setSession(data.user, data.token);
      navigate(landingAfterSignIn(data.user, origin), { replace: true });
    },
    [navigate, origin],
  );
}

export function useLogin() {
  const finish = useFinishFirstFactor();
  return useMutation({
    mutationFn: ({ remember, ...input }: { email: string; password: string; remember: boolean }) =>
      api.post(
        '/login',
        form({
          ...input,
          remember: remember ? 'true' : 'false',
          device_token: deviceToken(),
          trusted_device: trustedDeviceFor(input.email),
        }),
        (c) => c.loginReply,
      ),
    onSuccess: (reply) => finish(reply.data),
  });
}

/** Google's answer may instead ask for the password of the account that owns its e-mail (link_required). */
export function useGoogleSignIn() {
  const finish = useFinishFirstFactor();
  return useMutation({
    mutationFn: (credential: string) =>
      api.post('/auth/google', form({ credential, device_token: deviceToken() }), (c) => c.googleReply),
    onSuccess: (reply) => {
      if (!('link_required' in reply.data)) finish(reply.data);
    },
  });
}

/** Links the Google account to the password account with its password, once, and signs in. */
export function useGoogleLink() {
  const finish = useFinishFirstFactor();
  return useMutation({
    mutationFn: (input: { credential: string; password: string }) =>
      api.post('/auth/google/link', form({ ...input, device_token: deviceToken() }), (c) => c.loginReply),
    onSuccess: (reply) => finish(reply.data),
  });
}

export function useRegister() {
  const finish = useFinishFirstFactor();
  return useMutation({
    mutationFn: (input: { name: string; email: string; phone: string; password: string }) =>
      api.post('/register', form({ ...input, device_token: deviceToken() }), (c) => c.registerReply),
    onSuccess: (reply) => finish(reply.data),
  });
}

/** The challenge answer goes out as multipart, with the id and remember flag saved at login. */
export function useTwoFactorChallenge() {
  const navigate = useNavigate();
  const origin = originOf(useLocation().state);
  return useMutation({
    mutationFn: (code: string) => {
      const pending = readPendingChallenge();
      const body = new FormData();
      body.set('id', pending?.id ?? '');
      body.set('remember', pending?.remember ? 'true' : 'false');
      body.set('code', code);
      return api.post('/two-factor-challenge', body, (c) => c.twoFactorChallengeReply);
    },
    onSuccess: (reply) => {
      // The spec takes the bearer token from the top level of this reply.
      rememberTrustedDevice(reply.data.user.email, reply.data.trusted_device);
      sessionStore.setSession(reply.data.user, reply.token);
      clearPendingChallenge();
      navigate(landingAfterSignIn(reply.data.user, origin), { replace: true });
    },
  });
}

/** Keeps the session's user and the /me cache the same after a reply that carries the user. */
function useAdoptUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (next: User) => {
      sessionStore.setUser(next);
      queryClient.setQueryData(authKeys.me, next);
    },
    [queryClient],
  );
}

export function useSaveProfile() {
  const adopt = useAdoptUser();
  return useMutation({
    mutationFn: (input: { name: string; email: string; phone: string; password: string }) =>
      api.post('/profile', form(input), (c) => c.userReply),
    onSuccess: (reply) => adopt(reply.data.user),
  });
}

/**
 * GET /enable makes a new secret on every call, so it is fetched once per visit of the screen
 * and never cached beyond it.
 */
export function useTwoFactorSetup(enabled: boolean) {
  return useQuery({
    queryKey: authKeys.twoFactorSetup,
    queryFn: async () => (await api.get('/enable', (c) => c.twoFactorSetupReply)).data,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useConfirmTwoFactor() {
  const adopt = useAdoptUser();
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/user/confirmed-two-factor-authentication', { code }, (c) => c.twoFactorConfirmedReply),
    onSuccess: (reply) => adopt(reply.data.user),
  });
}

export function useDisableTwoFactor() {
  const adopt = useAdoptUser();
  return useMutation({
    mutationFn: () => api.del('/user/two-factor-authentication', (c) => c.userReply),
    onSuccess: (reply) => adopt(reply.data.user),
  });
}

/**
 * POST /user/confirm-password: the password again (an account without one: a fresh Google ID
 * token) before an e-mail, password or 2FA change.
 */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: (proof: { password: string } | { credential: string }) =>
      api.post('/user/confirm-password', form(proof), (c) => c.emptyReply),
  });
}

// ——— getting back into an account ———

/** POST /password/forgot: the same answer whether or not the e-mail has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post('/password/forgot', form({ email }), (c) => c.emptyReply),
  });
}

/** POST /password/reset with the link's token: once; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      api.post('/password/reset', form(input), (c) => c.emptyReply),
  });
}
