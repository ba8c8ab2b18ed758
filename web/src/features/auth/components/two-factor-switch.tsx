import type { User } from '@raseed/contract';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Card } from '@/components/ui/card';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useDisableTwoFactor } from '../api';
import { errorMessage } from '../errors';
import { Button, buttonClass } from '@/components/ui/button';

/** The profile's two-factor card: a link to /enable-2fa when off, a disable button when on. */
export function TwoFactorSwitch({ user }: { user: User }) {
  const disable = useDisableTwoFactor();
  const on = user.is_enable2fa;

  return (
    <Card padding="xl" className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-fg">{t('2fa.title')}</h2>
      <p className={on ? 'text-sm text-accent' : 'text-sm text-muted'}>{on ? t('2fa.statusOn') : t('2fa.statusOff')}</p>
      {on ? (
        <Button
          variant="danger"
          block
          disabled={disable.isPending}
          onClick={() =>
            disable.mutate(undefined, {
              onSuccess: (reply) => toast.success(reply.msg ?? t('2fa.disabled')),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {disable.isPending ? t('auth.processing') : t('2fa.disable')}
        </Button>
      ) : (
        <Link to={paths.enable2fa} className={buttonClass('primary', { block: true })}>
          {t('2fa.enable')}
        </Link>
      )}
    </Card>
  );
}
