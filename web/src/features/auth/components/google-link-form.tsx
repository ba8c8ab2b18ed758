import { useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useGoogleLink } from '../api';
import { errorMessage } from '../errors';
import { CurrentPasswordField } from './current-password-field';
import { Button } from '@/components/ui/button';
import { ErrorNote } from '@/components/ui/error-note';

/**
 * The Google e-mail already has an account with a password: its owner types that password once
 * to link the two; from then on Google alone signs in. Never linked without it.
 */
export function GoogleLinkForm({ email, credential }: { email: string; credential: string }) {
  const link = useGoogleLink();
  const [password, setPassword] = useState('');
  const fieldError = isApiError(link.error) ? link.error.errors?.password?.[0] : undefined;
  return (
    <form
      noValidate
      aria-label={t('auth.googleLinkTitle')}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        link.mutate({ credential, password });
      }}
    >
      <h2 className="font-bold text-fg">{t('auth.googleLinkTitle')}</h2>
      <p className="text-sm text-muted">
        {t('auth.googleLinkHint')} <span dir="ltr">{email}</span>
      </p>
      <CurrentPasswordField value={password} error={fieldError} onChange={setPassword} />
      {link.isError && !fieldError ? <ErrorNote role="alert">{errorMessage(link.error)}</ErrorNote> : null}
      <Button type="submit" block disabled={link.isPending}>
        {link.isPending ? t('auth.processing') : t('auth.googleLink')}
      </Button>
    </form>
  );
}
