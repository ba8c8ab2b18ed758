import type { Notification } from '@raseed/contract';
import { BellIcon } from '@/components/ui/icons';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { CodesBlock } from '@/components/ui/codes-block';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';

export function NotificationCard({ notification }: { notification: Notification }) {
  return (
    <Card className="flex gap-3">
      <span
        className={
          'mt-0.5 inline-flex size-10 shrink-0 items-center ' + 'justify-center rounded-full bg-accent/15 text-accent'
        }
      >
        <BellIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-bold text-fg">{notification.title}</h2>
        <p className="mt-1 whitespace-pre-line break-words text-muted">{notification.msg}</p>
        {notification.codes.length > 0 ? (
          <div className="mt-2">
            <CodesBlock codes={notification.codes} />
          </div>
        ) : null}
        {notification.order_id !== null ? (
          <Link
            to={hrefs.order(notification.order_id)}
            className={
              'mt-1 inline-flex h-11 items-center text-sm font-bold ' + 'text-accent underline-offset-4 hover:underline'
            }
          >
            {t('orders.details')}
          </Link>
        ) : null}
        <time dateTime={notification.created_at} className="mt-2 block text-xs text-muted">
          {formatDate(notification.created_at)}
        </time>
      </div>
    </Card>
  );
}
