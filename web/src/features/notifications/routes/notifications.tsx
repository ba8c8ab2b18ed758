import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';

/** /notifications: notification cards (spec §2). */
export default function NotificationsRoute() {
  return <Page title={t('nav.notifications')} />;
}
