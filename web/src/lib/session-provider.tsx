import { type ReactNode, useLayoutEffect } from 'react';
import { isSessionKey } from '@/lib/session';
import { sessionStore } from './session-store';

/**
 * Loads the stored session once the app mounts (before the first paint, so a signed-in
 * customer never sees a guest frame) and follows sign-in/out made in other tabs.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    void sessionStore.load();
    const onStorage = (event: StorageEvent) => {
      if (isSessionKey(event.key)) void sessionStore.load();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return children;
}
