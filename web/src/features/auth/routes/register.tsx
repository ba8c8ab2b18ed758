import { authLimits, type registerBody } from '@raseed/contract';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useRegister } from '../api';
import { AuthPanel } from '../components/auth-panel';
import { EmailField } from '../components/email-field';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { TextField } from '@/components/ui/text-field';
import { errorLines } from '../errors';
import { textLinkClass } from '@/components/ui/text-link';
import { Button } from '@/components/ui/button';

/** The contract's register request as typed; the server checks it (docs/product-rules.md#validation). */
type RegisterForm = Omit<z.output<typeof registerBody>, 'device_token'>;
const fields = ['name', 'email', 'phone', 'password'] as const;

/**
 * /register: name, e-mail, phone, password. The server's field errors show on their fields, as
 * the profile does (issue 13); anything not tied to a field stays a red line above the button.
 */
export default function RegisterRoute() {
  const signUp = useRegister();
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm>({
    defaultValues: { name: '', email: '', phone: '', password: '' },
  });
  const errors = formState.errors;
  const byField = isApiError(signUp.error) ? signUp.error.errors : undefined;
  const onField = new Set(fields.flatMap((f) => byField?.[f] ?? []));
  const otherLines = signUp.isError ? errorLines(signUp.error).filter((line) => !onField.has(line)) : [];

  return (
    <AuthPanel title={t('nav.register')}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((values) =>
          signUp.mutate(values, {
            onError: (error) => {
              const server = isApiError(error) ? error.errors : undefined;
              for (const field of fields) {
                const message = server?.[field]?.[0];
                if (message) setError(field, { message });
              }
            },
          }),
        )}
      >
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          maxLength={authLimits.name}
          error={errors.name?.message}
          {...register('name')}
        />
        <EmailField error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('auth.phone')}
          type="tel"
          autoComplete="tel"
          maxLength={authLimits.phone}
          ltr
          error={errors.phone?.message}
          {...latinDigitsField(register('phone'))}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          maxLength={authLimits.passwordMax}
          ltr
          error={errors.password?.message}
          {...register('password')}
        />
        {otherLines.length > 0 ? (
          <ul role="alert" className="list-disc space-y-1 ps-5 text-sm text-danger">
            {otherLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        <Button type="submit" block disabled={signUp.isPending}>
          {signUp.isPending ? t('auth.processing') : t('auth.register')}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.login} className={textLinkClass}>
            {t('auth.haveAccount')}
          </Link>
        </p>
      </form>
    </AuthPanel>
  );
}
