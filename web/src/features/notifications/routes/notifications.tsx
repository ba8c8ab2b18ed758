import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useMarkNotificationsRead, useNotifications } from '../api';
import { NotificationCard } from '../components/notification-card';

/** /notifications: notification cards (spec §2); a failed load is a dark toast (spec §8). */
export default function NotificationsRoute() {
  const notifications = useNotifications();
  const { error } = notifications;
  useEffect(() => {
    if (error) toast.error(error.message, { theme: 'dark', toastId: 'notifications-load' });
  }, [error]);
  const list = notifications.data ?? [];
  // Opening the page reads what it shows: the marker moves to the newest notice on screen.
  const newest = list[0]?.id;
  const { mutate: markRead } = useMarkNotificationsRead();
  useEffect(() => {
    if (newest !== undefined) markRead(newest);
  }, [newest, markRead]);

  return (
    <Page title={t('nav.notifications')}>
      {notifications.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">{t('notifications.empty')}</p>
      ) : (
        <ul className="mx-auto flex max-w-3xl flex-col gap-3">
          {list.map((n) => (
            <li key={n.id}>
              <NotificationCard notification={n} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
