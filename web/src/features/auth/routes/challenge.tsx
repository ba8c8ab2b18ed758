import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useSettings } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { clearPendingChallenge } from '@/lib/session';
import { useTwoFactorChallenge } from '../api';
import { AuthPanel } from '../components/auth-panel';
import { latinDigitsField } from '@/lib/latin-digits-field';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '../errors';
import { textLinkClass } from '@/components/ui/text-link';
import { Button } from '@/components/ui/button';

/**
 * /challenge-tow-factory: the second factor of a pending login — a code from the authenticator
 * app or one of the backup codes (docs/product-rules.md#screens and #states). The route guard ensures a pending login
 * exists.
 */
export default function ChallengeRoute() {
  const challenge = useTwoFactorChallenge();
  const setting = useSettings().data?.setting;
  const { register, handleSubmit } = useForm<{ code: string }>({ defaultValues: { code: '' } });

  return (
    <AuthPanel title={t('challenge.title')}>
      {setting?.logo ? (
        <img src={setting.logo} alt={setting.name} className="mx-auto mb-4 size-20 rounded-2xl object-contain" />
      ) : null}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit(({ code }) => challenge.mutate(code.trim()))}
      >
        <p className="text-sm text-muted">{t('challenge.hint')}</p>
        {challenge.isError ? (
          <p role="alert" className="font-bold text-danger">
            {errorMessage(challenge.error)}
          </p>
        ) : null}
        <TextField
          label={t('2fa.code')}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          ltr
          {...latinDigitsField(register('code'))}
        />
        <Button type="submit" block disabled={challenge.isPending}>
          {challenge.isPending ? t('auth.processing') : t('2fa.verify')}
        </Button>
        <p className="text-center text-sm">
          <Link to={paths.login} className={textLinkClass} onClick={clearPendingChallenge}>
            {t('2fa.back')}
          </Link>
        </p>
      </form>
    </AuthPanel>
  );
}
