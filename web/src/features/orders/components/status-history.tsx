import type { OrderHistoryEntry } from '@raseed/contract';
import { formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { OrderStatusBadge } from '@/components/ui/badge';

/** Every status the order went through, oldest first, with when. */
export function StatusHistory({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <section aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="mb-2 font-bold text-fg">
        {t('orders.history')}
      </h2>
      <ol className="grid gap-2 border-s-2 border-line ps-4">
        {history.map((step) => (
          <li key={`${step.status}-${step.at}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <OrderStatusBadge size="md" status={step.status} />
            <time dateTime={step.at} className="text-sm text-muted">
              {formatDate(step.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
