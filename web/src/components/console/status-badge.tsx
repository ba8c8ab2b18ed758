import type { OrderStatus } from '@raseed/contract';
import { t } from '@/lib/i18n';
import { badge } from './styles';

const tone: Record<string, string> = {
  success: 'bg-accent/15 text-accent',
  cancel: 'bg-danger-bg text-danger',
  request_cancel: 'bg-danger-bg text-danger',
  pending: 'bg-surface-2 text-fg',
  wait: 'bg-surface-2 text-muted',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`${badge} ${tone[status]}`}>{t(`status.${status}`)}</span>;
}

/** Charge statuses in the customer's words: success "charged", cancel "cancelled", else "pending". */
export function TopupStatusBadge({ status }: { status: string }) {
  const key =
    status === 'success' ? 'topupStatus.success' : status === 'cancel' ? 'topupStatus.cancel' : 'topupStatus.pending';
  return <span className={`${badge} ${tone[status] ?? tone.pending}`}>{t(key)}</span>;
}
