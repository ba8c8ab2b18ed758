import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /enable-2fa: QR code, setup key, confirmation and backup codes (spec §2). */
export default function EnableTwoFactorRoute() {
  return <Page title={t('2fa.enable')} />;
}
