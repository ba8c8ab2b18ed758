import type { User } from '@raseed/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { setAuthToken } from '@/lib/api-client';
import { clearStoredSession, peekStoredSession, readStoredSession, saveSession, saveUser } from '@/lib/session';

export type SessionState = {
  user: User | null;
  token: string | null;
  /** True until the stored session has been read; guards wait on it. */
  isLoading: boolean;
};

const listeners = new Set<() => void>();
let state: SessionState = { user: null, token: null, isLoading: true };
/** When the server produced the user held now (ms): an older reading never replaces a newer one. */
let userReadAt = 0;
/** Why the server ended the last session (its 401 msg), shown on the sign-in page until the next sign-in. */
let endedNotice: string | null = null;

function commit(next: SessionState): void {
  state = next;
  // The client's bearer header follows the session, so no caller passes the token around.
  setAuthToken(next.token);
  for (const listener of listeners) listener();
}

/**
 * The session as a tiny external store: React reads it through `useSession`, and code outside
 * components (mutation callbacks, the API layer) through `sessionStore.getState()`.
 */
export const sessionStore = {
  getState: (): SessionState => state,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Reads local storage (dropping a broken stored user). Safe to call again, e.g. on a storage event. */
  load(): Promise<void> {
    const stored = peekStoredSession();
    // The stored user has no reading time: any reading from the server replaces it.
    userReadAt = 0;
    // A session is back (another tab signed in): the old one's notice no longer applies.
    if (stored.token) endedNotice = null;
    commit({ ...stored, isLoading: false });
    // The contract check follows once its chunk is here; a user it rejects is signed out.
    return readStoredSession().then(
      (checked) => {
        if (checked.user === null && state.user !== null) commit({ user: null, token: null, isLoading: false });
      },
      () => undefined,
    );
  },

  setSession(user: User, token: string): void {
    userReadAt = Date.now();
    endedNotice = null;
    saveSession(user, token);
    commit({ user, token, isLoading: false });
  },

  /**
   * Replaces the user (e.g. a new balance after an order) and keeps the token. `readAt` is when
   * that user was read from the server (a query's `dataUpdatedAt`; now for a mutation's reply): a
   * cached reading older than the user held now is ignored, so a page that mounts with an old
   * order's cached reply cannot put back the balance from before a purchase.
   */
  setUser(user: User, readAt: number = Date.now()): void {
    if (readAt < userReadAt) return;
    userReadAt = readAt;
    saveUser(user);
    commit({ ...state, user, isLoading: false });
  },

  /** Forgets the session locally; `useSession().logout` also tells the server and navigates. */
  clear(): void {
    userReadAt = 0;
    clearStoredSession();
    commit({ user: null, token: null, isLoading: false });
  },

  /**
   * The server refused the session (a 401: signed out from another device, expired): forget it
   * and keep the server's reason («تم تسجيل خروجك لأن …») for the sign-in page the guards lead to.
   */
  end(reason: string): void {
    if (!state.token) return;
    endedNotice = reason;
    sessionStore.clear();
  },

  /** Why the last session was ended by the server, until the next sign-in; null when it was not. */
  endedNotice: (): string | null => endedNotice,
};

const getState = () => sessionStore.getState();

/** The session state alone; usable outside the router (no navigation involved). */
export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, getState, getState);
}

/**
 * Puts the user a query read into the session when that reading changes (a new balance made
 * elsewhere), stamped with when it was read (`dataUpdatedAt`), so an older cached reading never
 * replaces a newer one.
 */
export function useUserReading(user: User | null | undefined, readAt: number): void {
  const at = useRef(readAt);
  at.current = readAt;
  useEffect(() => {
    if (user) sessionStore.setUser(user, at.current);
  }, [user]);
}
