import { useEffect } from 'react';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useMarkNotificationsRead, useNotifications } from '../api';
import { NotificationCard } from '../components/notification-card';

/**
 * /notifications: notification cards (docs/product-rules.md#screens); a failed load is a dark toast
 * (docs/product-rules.md#errors).
 */
export default function NotificationsRoute() {
  const notifications = useNotifications();
  const list = notifications.data ?? [];
  // Opening the page reads what it shows: the marker moves to the newest notice on screen.
  const newest = list[0]?.id;
  const { mutate: markRead } = useMarkNotificationsRead();
  useEffect(() => {
    if (newest !== undefined) markRead(newest);
  }, [newest, markRead]);

  return (
    <Page title={t('nav.notifications')}>
      <ListState
        query={notifications}
        what={t('load.what.notifications')}
        toastId="notifications-load"
        isEmpty={(all) => all.length === 0}
        empty={t('notifications.empty')}
      >
        {(all) => (
          <ul className="mx-auto flex max-w-3xl flex-col gap-3">
            {all.map((n) => (
              <li key={n.id}>
                <NotificationCard notification={n} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </Page>
  );
}
