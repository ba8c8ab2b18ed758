import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useLogin } from '../api';
import { AuthPanel } from '../components/auth-panel';
import { GoogleButton } from '../components/google-button';
import { errorLine, primaryButton, textLink } from '../components/styles';
import { TextField } from '../components/text-field';
import { errorMessage } from '../errors';

type LoginForm = { email: string; password: string };

/** /login: e-mail and password, Google sign-in, link to /register (spec §2). No client checks. */
export default function LoginRoute() {
  const login = useLogin();
  const { register, handleSubmit } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });

  return (
    <AuthPanel title={t('nav.login')}>
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => login.mutate(values))}>
        <TextField label={t('auth.email')} type="email" autoComplete="email" ltr {...register('email')} />
        <TextField label={t('auth.password')} type="password" autoComplete="current-password" ltr {...register('password')} />
        {login.isPending ? (
          <p role="status" className="text-sm text-muted">
            {t('auth.processing')}
          </p>
        ) : null}
        {login.isError ? (
          <p role="alert" className={errorLine}>
            {errorMessage(login.error)}
          </p>
        ) : null}
        <button type="submit" className={primaryButton} disabled={login.isPending}>
          {t('auth.login')}
        </button>
      </form>
      {/* Outside the form: the linking step is a form of its own. */}
      <div className="mt-4 flex flex-col gap-4">
        <GoogleButton />
        <p className="text-center text-sm">
          <Link to={paths.register} className={textLink}>
            {t('auth.noAccount')}
          </Link>
        </p>
      </div>
    </AuthPanel>
  );
}
