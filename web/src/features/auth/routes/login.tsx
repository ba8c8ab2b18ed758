import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /login: e-mail and password, Google sign-in, link to /register (spec §2). */
export default function LoginRoute() {
  return <Page title={t('nav.login')} />;
}
