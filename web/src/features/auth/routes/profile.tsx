import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /profile: edit name, e-mail, phone, password; two-factor switch (spec §2, §5). */
export default function ProfileRoute() {
  return <Page title={t('nav.profile')} />;
}
