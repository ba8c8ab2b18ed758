import type { LoginBody } from '@raseed/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useLogin } from '../api';
import { AuthPanel } from '../components/auth-panel';
import { EmailField } from '../components/email-field';
import { GoogleButton } from '../components/google-button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '../errors';
import { textLinkClass } from '@/components/ui/text-link';
import { ErrorNote } from '@/components/ui/error-note';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { sessionStore } from '@/lib/session-store';

/**
 * The contract's login request as typed (the product checks nothing before the server:
 * docs/product-rules.md#validation).
 */
type LoginForm = Required<Pick<LoginBody, 'email' | 'password'>> & { remember: boolean };

/** /login: e-mail and password, Google sign-in, link to /register (docs/product-rules.md#screens). No client checks. */
export default function LoginRoute() {
  const login = useLogin();
  const { register, handleSubmit } = useForm<LoginForm>({ defaultValues: { email: '', password: '', remember: true } });
  // The server ended the last session (signed out from another device): say why, until the next sign-in.
  const ended = sessionStore.endedNotice();

  return (
    <AuthPanel title={t('nav.login')}>
      {ended ? (
        <div role="status" className="mb-4 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm text-fg">
          <p className="font-bold">{t('session.endedTitle')}</p>
          <p>{ended}</p>
        </div>
      ) : null}
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => login.mutate(values))}>
        <EmailField {...register('email')} />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          ltr
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <Checkbox label={t('auth.remember')} {...register('remember')} />
          <Link to={paths.forgotPassword} className={`${textLinkClass} inline-flex min-h-11 items-center text-sm`}>
            {t('auth.forgot')}
          </Link>
        </div>
        {login.isPending ? (
          <p role="status" className="text-sm text-muted">
            {t('auth.processing')}
          </p>
        ) : null}
        {login.isError ? <ErrorNote role="alert">{errorMessage(login.error)}</ErrorNote> : null}
        <Button type="submit" block disabled={login.isPending}>
          {t('auth.login')}
        </Button>
      </form>
      {/* Outside the form: the linking step is a form of its own. */}
      <div className="mt-4 flex flex-col gap-4">
        <GoogleButton />
        <p className="text-center text-sm">
          <Link to={paths.register} className={textLinkClass}>
            {t('auth.noAccount')}
          </Link>
        </p>
      </div>
    </AuthPanel>
  );
}
