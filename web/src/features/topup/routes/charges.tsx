import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /charges: the customer's top-up requests as a table (spec §2). */
export default function ChargesRoute() {
  return <Page title={t('nav.charges')} />;
}
