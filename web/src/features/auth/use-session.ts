import { clearPendingChallenge, readPendingChallenge, savePendingChallenge } from '@/lib/session';
import { useLogout } from './api';
import { sessionStore, useSessionState } from '@/lib/session-store';

export { useSessionState };

/**
 * Everything a screen needs about who is signed in. Must be used under the router,
 * since `logout` navigates home.
 */
export function useSession() {
  const state = useSessionState();
  const logout = useLogout();
  return {
    ...state,
    isSignedIn: state.user !== null,
    setSession: sessionStore.setSession,
    setUser: sessionStore.setUser,
    logout,
    savePendingChallenge,
    readPendingChallenge,
    clearPendingChallenge,
  };
}
