import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useAuthOptions, useGoogleSignIn } from '../api';
import { type GoogleAccountsId, loadGoogleIdentity, renderGoogleButton } from '../google-identity';
import { GoogleLinkForm } from './google-link-form';
import { Button } from '@/components/ui/button';

const failed = (error: unknown) =>
  toast.error(
    isApiError(error)
      ? error.msg
      : `${t('auth.googleFailed')}: ${error instanceof Error ? error.message : String(error)}`,
  );

/**
 * "Sign in with Google", shown only when the store configured a client id: Google's own button,
 * drawn by its script. Until the script is there (or when it could not load) a plain button
 * stands in and loads it again. The server verifies the ID token; a failure is a toast (spec
 * section 8). When the e-mail belongs to a password account, that account's password links them.
 */
export function GoogleButton() {
  const clientId = useAuthOptions().data?.google_client_id;
  const signIn = useGoogleSignIn();
  const slot = useRef<HTMLDivElement>(null);
  const [google, setGoogle] = useState<GoogleAccountsId | null>(null);
  const [credential, setCredential] = useState<string | null>(null);

  const load = () =>
    loadGoogleIdentity()
      .then(setGoogle)
      .catch((error: unknown) => failed(error));

  useEffect(() => {
    if (clientId) void loadGoogleIdentity().then(setGoogle, () => undefined);
  }, [clientId]);

  useEffect(() => {
    if (!google || !clientId || !slot.current) return;
    renderGoogleButton(google, slot.current, clientId, (token) => {
      setCredential(token);
      signIn.mutate(token, { onError: failed });
    });
  }, [google, clientId, signIn.mutate]);

  if (!clientId) return null;
  const link = signIn.data && 'link_required' in signIn.data.data ? signIn.data.data : null;
  if (link && credential) return <GoogleLinkForm email={link.email} credential={credential} />;

  return (
    <div className="flex flex-col items-center gap-2">
      <div ref={slot} className="flex min-h-11 w-full justify-center" />
      {google ? null : (
        <Button variant="secondary" block onClick={load}>
          <span aria-hidden="true" className="font-bold text-accent">
            G
          </span>
          {t('auth.google')}
        </Button>
      )}
      {signIn.isPending ? (
        <p role="status" className="text-sm text-muted">
          {t('auth.processing')}
        </p>
      ) : null}
    </div>
  );
}
