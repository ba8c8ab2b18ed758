import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /balances: balance summary cards and the paged ledger (spec §2). */
export default function BalancesRoute() {
  return <Page title={t('nav.balances')} />;
}
