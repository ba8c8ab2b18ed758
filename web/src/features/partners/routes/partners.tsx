import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /partners: agents with a chat link each (spec §2). */
export default function PartnersRoute() {
  return <Page title={t('nav.partners')} />;
}
