import type { OrderStatus } from '@raseed/contract';
import { t } from '@/lib/i18n';

const tone: Record<OrderStatus, string> = {
  pending: 'border-amber-400/40 bg-amber-400/10 text-amber-600 dark:text-amber-300',
  wait: 'border-sky-400/40 bg-sky-400/10 text-sky-700 dark:text-sky-300',
  success: 'border-accent/40 bg-accent/10 text-accent',
  cancel: 'border-danger/40 bg-danger-bg text-danger',
  request_cancel: 'border-orange-400/40 bg-orange-400/10 text-orange-700 dark:text-orange-300',
};

/** The status as the copy deck names it; colour only repeats what the words say. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full border px-3 py-0.5 text-sm font-bold ${tone[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}
