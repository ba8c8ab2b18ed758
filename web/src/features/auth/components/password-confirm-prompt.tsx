import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { setPasswordConfirmHandler } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useAuthOptions, useConfirmPassword, useMe } from '../api';
import { loadGoogleIdentity, renderGoogleButton } from '../google-identity';
import { errorMessage } from '../errors';
import { fieldErrorClass } from '@/components/ui/field';
import { CurrentPasswordField } from './current-password-field';

type Ask = { msg: string; resolve: (confirmed: boolean) => void };

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
    <PasswordDialog
      ask={ask}
      onDone={(confirmed) => {
        ask.resolve(confirmed);
        setAsk(null);
      }}
    />
  );
}

function PasswordDialog({ ask, onDone }: { ask: Ask; onDone: (confirmed: boolean) => void }) {
  const [password, setPassword] = useState('');
  const confirm = useConfirmPassword();
  const close = onDone;
  const googleOnly = useMe().data?.has_password === false;
  return (
    <ConfirmDialog
      title={t('auth.confirmPasswordTitle')}
      confirmLabel={t('auth.confirmPassword')}
      backLabel={t('review.back')}
      pending={confirm.isPending}
      pendingLabel={t('auth.processing')}
      onConfirm={() => !googleOnly && confirm.mutate({ password }, { onSuccess: () => close(true) })}
      onBack={() => close(false)}
    >
      <p className="mb-3 text-sm text-muted">{ask.msg}</p>
      {googleOnly ? (
        <>
          <p className="mb-3 text-sm">{t('auth.confirmWithGoogle')}</p>
          <GoogleConfirm
            onCredential={(credential) => confirm.mutate({ credential }, { onSuccess: () => close(true) })}
          />
          {confirm.isError ? <p className={fieldErrorClass}>{errorMessage(confirm.error)}</p> : null}
        </>
      ) : (
        <CurrentPasswordField
          value={password}
          onChange={setPassword}
          error={confirm.isError ? errorMessage(confirm.error) : undefined}
        />
      )}
    </ConfirmDialog>
  );
}

/** An account without a password proves itself by signing in with its Google account again. */
function GoogleConfirm({ onCredential }: { onCredential: (credential: string) => void }) {
  const clientId = useAuthOptions().data?.google_client_id;
  const slot = useRef<HTMLDivElement>(null);
  // Google's button is drawn once; it calls whatever handler is current.
  const handler = useRef(onCredential);
  handler.current = onCredential;
  useEffect(() => {
    if (!clientId) return;
    void loadGoogleIdentity().then(
      (google) => slot.current && renderGoogleButton(google, slot.current, clientId, (c) => handler.current(c)),
      () => undefined,
    );
  }, [clientId]);
  return <div ref={slot} className="mb-3 flex min-h-11 w-full justify-center" />;
}
