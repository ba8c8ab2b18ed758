import { useState } from 'react';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useAuthOptions, useGoogleSignIn } from '../api';
import { requestGoogleCredential } from '../google-identity';
import { secondaryButton } from './styles';

/**
 * "Sign in with Google", shown only when the store configured a Google client id. The server
 * verifies the ID token; a failure is a toast (spec section 8).
 */
export function GoogleButton() {
  const clientId = useAuthOptions().data?.google_client_id;
  const signIn = useGoogleSignIn();
  const [opening, setOpening] = useState(false);
  if (!clientId) return null;

  const start = async () => {
    setOpening(true);
    try {
      signIn.mutate(await requestGoogleCredential(clientId), {
        onError: (error) => toast.error(isApiError(error) ? error.msg : t('request.error')),
      });
    } catch (error) {
      toast.error(`${t('auth.googleFailed')}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setOpening(false);
    }
  };

  const busy = opening || signIn.isPending;
  return (
    <button type="button" className={secondaryButton} onClick={start} disabled={busy}>
      <span aria-hidden="true" className="font-bold text-accent">
        G
      </span>
      {busy ? t('auth.processing') : t('auth.google')}
    </button>
  );
}
