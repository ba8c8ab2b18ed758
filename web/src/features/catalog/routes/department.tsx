import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /departments/:id: products with USD, SYP and TRY prices (spec §2). */
export default function DepartmentRoute() {
  return <Page title={t('catalog.department')} />;
}
