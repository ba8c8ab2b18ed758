import { lazy, Suspense, useEffect, useState } from 'react';
import { setPasswordConfirmHandler } from '@/lib/api-client';
import type { Ask } from './password-dialog';

// Asked for only after a 423, so the dialog and its fields stay out of the first screen.
const PasswordDialog = lazy(() => import('./password-dialog'));

/**
 * When the server answers 423 (an e-mail, password or two-factor change without a recent
 * password confirmation), asks for the password (an account without one signs in with Google
 * again), confirms it and lets the API client send the same request again. "رجوع" gives up:
 * the original call fails with the server's message.
 */
export function PasswordConfirmPrompt() {
  const [ask, setAsk] = useState<Ask | null>(null);
  useEffect(() => {
    setPasswordConfirmHandler((msg) => new Promise<boolean>((resolve) => setAsk({ msg, resolve })));
    return () => setPasswordConfirmHandler(null);
  }, []);
  if (!ask) return null;
  return (
    <Suspense fallback={null}>
      <PasswordDialog
        ask={ask}
        onDone={(confirmed) => {
          ask.resolve(confirmed);
          setAsk(null);
        }}
      />
    </Suspense>
  );
}
