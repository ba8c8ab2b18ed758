import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /products/:id: purchase confirmation and the order form for the product type (spec §2, §5). */
export default function ProductRoute() {
  return <Page title={t('product.confirm')} />;
}
