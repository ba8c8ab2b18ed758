import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /orders: searchable, filterable, paged order cards (spec §2, §4). */
export default function OrdersRoute() {
  return <Page title={t('nav.orders')} />;
}
