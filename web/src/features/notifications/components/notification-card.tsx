import type { Notification } from '@raseed/contract';
import { BellIcon } from '@/components/ui/icons';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

export function NotificationCard({ notification }: { notification: Notification }) {
  return (
    <Card className="flex gap-3">
      <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/15 text-accent">
        <BellIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-bold text-fg">{notification.title}</h2>
        <p className="mt-1 whitespace-pre-line break-words text-muted">{notification.msg}</p>
        <time dateTime={notification.created_at} className="mt-2 block text-xs text-muted">
          {formatDate(notification.created_at)}
        </time>
      </div>
    </Card>
  );
}
