import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useRegister } from '../api';
import { AuthPanel } from '../components/auth-panel';
import { primaryButton, textLink } from '../components/styles';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { TextField } from '../components/text-field';
import { errorLines } from '../errors';

type RegisterForm = { name: string; email: string; phone: string; password: string };

/** /register: name, e-mail, phone, password; the server's errors as red bullets (spec §2, §8). */
export default function RegisterRoute() {
  const signUp = useRegister();
  const { register, handleSubmit } = useForm<RegisterForm>({
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });

  return (
    <AuthPanel title={t('nav.register')}>
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit((values) => signUp.mutate(values))}>
        <TextField label={t('auth.name')} autoComplete="name" {...register('name')} />
        <TextField label={t('auth.email')} type="email" autoComplete="email" ltr {...register('email')} />
        <TextField label={t('auth.phone')} type="tel" autoComplete="tel" ltr {...latinDigitsField(register('phone'))} />
        <TextField label={t('auth.password')} type="password" autoComplete="new-password" ltr {...register('password')} />
        {signUp.isError ? (
          <ul role="alert" className="list-disc space-y-1 ps-5 text-sm text-danger">
            {errorLines(signUp.error).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        <button type="submit" className={primaryButton} disabled={signUp.isPending}>
          {signUp.isPending ? t('auth.processing') : t('auth.register')}
        </button>
        <p className="text-center text-sm">
          <Link to={paths.login} className={textLink}>
            {t('auth.haveAccount')}
          </Link>
        </p>
      </form>
    </AuthPanel>
  );
}
