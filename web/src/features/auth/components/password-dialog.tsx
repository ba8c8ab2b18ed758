import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { fieldErrorClass } from '@/components/ui/field';
import { t } from '@/lib/i18n';
import { useAuthOptions, useConfirmPassword, useMe } from '../api';
import { errorMessage } from '../errors';
import { loadGoogleIdentity, renderGoogleButton } from '../google-identity';
import { CurrentPasswordField } from './current-password-field';

export type Ask = { msg: string; resolve: (confirmed: boolean) => void };

/** The password (or Google) confirmation the server asked for with a 423. */
export default function PasswordDialog({ ask, onDone }: { ask: Ask; onDone: (confirmed: boolean) => void }) {
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
