import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /payments: payment methods and the top-up form (spec §2, §5). */
export default function PaymentsRoute() {
  return <Page title={t('nav.payments')} />;
}
