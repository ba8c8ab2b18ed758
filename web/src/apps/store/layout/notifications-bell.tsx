import { Link } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { useUnreadCount } from '@/features/notifications/api';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { iconButtonClass } from '@/components/ui/icon-button';

/** The bell, with the number of unread notices on it (99+ beyond that); the name says it too. */
export function NotificationsBell() {
  const unread = useUnreadCount().data ?? 0;
  const label =
    unread > 0 ? `${t('nav.notifications')}: ${t('notifications.unread', { n: unread })}` : t('nav.notifications');
  return (
    <Link to={paths.notifications} className={`${iconButtonClass()} relative`} aria-label={label}>
      <BellIcon />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className={
            'absolute -top-0.5 -end-0.5 inline-flex h-5 min-w-5 items-center justify-center ' +
            'rounded-full bg-danger px-1 text-xs font-bold text-canvas'
          }
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
