import { zodResolver } from '@hookform/resolvers/zod';
import { authLimits, type ResetPasswordBody, resetPasswordBody } from '@raseed/contract';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import type { z } from 'zod';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorNote } from '@/components/ui/error-note';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api';
import { AuthPanel, BackToLogin } from '../components/auth-panel';
import { errorMessage } from '../errors';

/** The link's token rides in the fragment (#…): browsers never send it to a server, nor in a Referer. */
function useLinkToken(): string {
  return decodeURIComponent(useLocation().hash.replace(/^#/, '')).trim();
}

/**
 * /reset-password#<token>: the link from the e-mail. A new password with registration's rules
 * (the contract's schema); the link works once, and every session of the account ends. Open to
 * a signed-in visitor too: the link must not be lost to a redirect.
 */
export default function ResetPasswordRoute() {
  const token = useLinkToken();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordBody, unknown, z.output<typeof resetPasswordBody>>({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { token, password: '' },
  });
  const serverErrors = isApiError(reset.error) ? reset.error.errors : undefined;
  const linkError = form.formState.errors.token?.message ?? serverErrors?.token?.[0];
  const passwordError = form.formState.errors.password?.message ?? serverErrors?.password?.[0];
  const newLink = (
    <Link to={paths.forgotPassword} className={buttonClass('secondary', { block: true })}>
      {t('reset.newLink')}
    </Link>
  );

  let body: ReactNode;
  if (!token) {
    body = (
      <div className="flex flex-col gap-4">
        <ErrorNote role="alert">{t('reset.missing')}</ErrorNote>
        {newLink}
      </div>
    );
  } else if (reset.isSuccess) {
    body = (
      <div className="flex flex-col gap-4">
        <p role="status" className="font-bold text-accent">
          {reset.data.msg}
        </p>
        <Link to={paths.login} replace className={buttonClass('primary', { block: true })}>
          {t('reset.toLogin')}
        </Link>
      </div>
    );
  } else {
    body = (
      <form noValidate className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
        <TextField
          label={t('reset.password')}
          type="password"
          autoComplete="new-password"
          maxLength={authLimits.passwordMax}
          ltr
          hint={t('reset.hint')}
          error={passwordError}
          {...form.register('password')}
        />
        {linkError ? (
          <>
            <ErrorNote role="alert">{linkError}</ErrorNote>
            {newLink}
          </>
        ) : reset.isError && !passwordError ? (
          <ErrorNote role="alert">{errorMessage(reset.error)}</ErrorNote>
        ) : null}
        <Button type="submit" block disabled={reset.isPending || Boolean(linkError)}>
          {reset.isPending ? t('auth.processing') : t('reset.save')}
        </Button>
      </form>
    );
  }

  return (
    <AuthPanel title={t('reset.title')}>
      {body}
      <BackToLogin />
    </AuthPanel>
  );
}
