import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /categories/:id: sub-departments and products of a category (spec §2). */
export default function CategoryRoute() {
  return <Page title={t('catalog.category')} />;
}
