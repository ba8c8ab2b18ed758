import { whatsappLink } from '@raseed/contract/plain';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorNote } from '@/components/ui/error-note';
import { PageLoading } from '@/components/ui/page-loading';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { useSettings } from '@/lib/settings';
import { useAuthOptions, useForgotPassword } from '../api';
import { AuthPanel, BackToLogin } from '../components/auth-panel';
import { EmailField } from '../components/email-field';
import { errorMessage } from '../errors';

/** Without mail, the way back into an account is a person: the store's WhatsApp, when it has one. */
function NoMail({ message }: { message?: string | undefined }) {
  const whatsapp = useSettings().data?.setting.whatsapp;
  const href = whatsapp ? whatsappLink(whatsapp) : null;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-fg">
        {message ?? (href ? t('forgot.noMail') : t('forgot.noContact'))}
      </p>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClass('primary', { block: true })}>
          {t('forgot.whatsapp')}
        </a>
      ) : null}
    </div>
  );
}

/**
 * /forgot-password: the e-mail of the account; the server mails a single-use link valid 30
 * minutes and answers the same for any e-mail (docs/accounts.md#forgot-password). A store that
 * sends no mail points to its WhatsApp instead.
 */
export default function ForgotPasswordRoute() {
  const options = useAuthOptions();
  const forgot = useForgotPassword();
  const { register, handleSubmit } = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const unavailable = isApiError(forgot.error) && forgot.error.status === 404;

  let body: ReactNode;
  if (options.isPending) body = <PageLoading />;
  else if (options.data?.password_reset === false || unavailable)
    body = <NoMail message={unavailable ? errorMessage(forgot.error) : undefined} />;
  else if (forgot.isSuccess)
    body = (
      <div className="flex flex-col gap-4">
        <h2 className="text-lg font-bold text-fg">{t('forgot.sentTitle')}</h2>
        <p role="status" className="text-fg">
          {forgot.data.msg}
        </p>
        <Button variant="secondary" block onClick={() => forgot.reset()}>
          {t('forgot.again')}
        </Button>
      </div>
    );
  else
    body = (
      <form noValidate className="flex flex-col gap-4" onSubmit={handleSubmit(({ email }) => forgot.mutate(email))}>
        <p className="text-sm text-muted">{t('forgot.hint')}</p>
        <EmailField {...register('email')} />
        {forgot.isError ? <ErrorNote role="alert">{errorMessage(forgot.error)}</ErrorNote> : null}
        <Button type="submit" block disabled={forgot.isPending}>
          {forgot.isPending ? t('auth.processing') : t('forgot.send')}
        </Button>
      </form>
    );

  return (
    <AuthPanel title={t('forgot.title')}>
      {body}
      <BackToLogin />
    </AuthPanel>
  );
}
