import { zodResolver } from '@hookform/resolvers/zod';
import { type ConfirmTwoFactorBody, confirmTwoFactorBody } from '@raseed/contract';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useConfirmTwoFactor, useTwoFactorSetup } from '../api';
import { BackupCodes } from '../components/backup-codes';
import { SetupKey } from '../components/setup-key';
import { useSettings } from '@/lib/settings';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '../errors';
import { useSessionState } from '@/lib/session-store';
import { textLinkClass } from '@/components/ui/text-link';
import { Button } from '@/components/ui/button';

// The QR code is only ever an image of the otpauth:// URI, never markup.
const QR_IMAGE = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/;

/**
 * /enable-2fa: QR code and setup key, a 6-digit code to confirm, then the backup codes with the
 * code input gone (docs/product-rules.md#screens and #states).
 */
export default function EnableTwoFactorRoute() {
  const sessionUser = useSessionState().user;
  const alreadyOn = Boolean(sessionUser?.is_enable2fa);
  const account = { store: useSettings().data?.setting.name ?? t('app.name'), email: sessionUser?.email ?? '' };
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useTwoFactorSetup(!alreadyOn && codes === null);
  const confirm = useConfirmTwoFactor();
  const form = useForm<ConfirmTwoFactorBody, unknown, z.output<typeof confirmTwoFactorBody>>({
    resolver: zodResolver(confirmTwoFactorBody),
    defaultValues: { code: '' },
  });
  const codeError = form.formState.errors.code?.message ?? (confirm.isError ? errorMessage(confirm.error) : undefined);

  let body: ReactNode;
  if (codes || alreadyOn) {
    body = (
      <Card padding="xl" className="flex flex-col gap-4">
        <p role="status" className="font-bold text-accent">
          {t('2fa.enabled')}
        </p>
        {codes ? <BackupCodes codes={codes} account={account} /> : null}
        <Link to={paths.profile} className={textLinkClass}>
          {t('2fa.backToProfile')}
        </Link>
      </Card>
    );
  } else if (setup.isPending) {
    body = <PageLoading />;
  } else if (setup.data) {
    const { qrCode, setupKey, otpauthUrl } = setup.data;
    body = (
      <Card padding="xl" className="flex flex-col gap-5">
        <p className="text-sm text-muted">{t('2fa.instructions')}</p>
        {QR_IMAGE.test(qrCode) ? (
          <img src={qrCode} alt={t('2fa.qrAlt')} width={240} height={240} className="mx-auto rounded-xl bg-white p-2" />
        ) : null}
        <SetupKey setupKey={setupKey} otpauthUrl={otpauthUrl} />
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit(({ code }) =>
            confirm.mutate(code, { onSuccess: (reply) => setCodes(reply.data.codes) }),
          )}
        >
          <TextField
            label={t('2fa.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            ltr
            error={codeError}
            {...latinDigitsField(form.register('code'))}
          />
          <Button type="submit" block disabled={confirm.isPending}>
            {confirm.isPending ? t('auth.processing') : t('2fa.confirm')}
          </Button>
        </form>
      </Card>
    );
  } else {
    // Spec section 8: a failed setup call is not reported; the way back stays open.
    body = (
      <Link to={paths.profile} className={textLinkClass}>
        {t('2fa.backToProfile')}
      </Link>
    );
  }

  return (
    <div className="mx-auto w-full max-w-xl">
      <Page title={t('2fa.enable')}>{body}</Page>
    </div>
  );
}
