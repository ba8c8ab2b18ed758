import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /invoices: number purchases, shown when the store is online (spec §2). */
export default function InvoicesRoute() {
  return <Page title={t('nav.invoices')} />;
}
