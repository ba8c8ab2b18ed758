import type { OrderStatus } from '@raseed/contract';
import { t } from '@/lib/i18n';

const tone: Record<OrderStatus, string> = {
  pending: 'border-warn/40 bg-warn-bg text-warn',
  wait: 'border-info/40 bg-info-bg text-info',
  success: 'border-ok/40 bg-ok-bg text-ok',
  cancel: 'border-danger/40 bg-danger-bg text-danger',
  request_cancel: 'border-notice/40 bg-notice-bg text-notice',
};

/** The status as the copy deck names it; colour only repeats what the words say. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full border px-3 py-0.5 text-sm font-bold ${tone[status]}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}
