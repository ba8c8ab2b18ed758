import type { Order } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/ui/card';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { useCancelOrder, useOrderPolling } from '../api';
import { StatusBadge } from './status-badge';

/** The newest of several readings of one order (list, poll, cancel reply), by its update time. */
function newest(...orders: Array<Order | null>): Order {
  return orders.reduce<Order | null>((a, b) => (b && (!a || b.updated_at >= a.updated_at) ? b : a), null)!;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate font-bold text-fg">
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}

/**
 * One order. A pending one is re-read every 15 s while the card is mounted; the card always shows
 * the most recent reading. Cancelling adopts the returned order, except a cancel *request*, which
 * only the operator can turn into a cancellation (spec §4).
 */
export function OrderCard({ order: listed }: { order: Order }) {
  const [adopted, setAdopted] = useState<Order | null>(null);
  const polled = useOrderPolling(listed, newest(listed, adopted).status === 'pending');
  const order = newest(listed, polled, adopted);
  const cancel = useCancelOrder();
  const canCancel = (order.status === 'pending' || order.status === 'wait') && !order.api;

  const onCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: ({ order: returned }) => {
        if (returned.status === 'request_cancel') toast.info(t('orders.cancelRequested'));
        else setAdopted(returned);
      },
      // Spec §8: cancel failures are only logged.
      onError: (error) => console.error('cancel failed', error),
    });

  return (
    <article aria-labelledby={`order-${order.id}-title`}>
      <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`order-${order.id}-title`} className="truncate text-lg font-bold text-fg">
            <bdi>{order.product.name}</bdi>
          </h2>
          <p className="text-xs text-muted">{t('orders.number', { id: order.id })}</p>
        </div>
        <StatusBadge status={order.status} />
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Field label={t('orders.price')} value={formatCurrency(order.price, 'USD')} />
        <Field label={t('order.quantity')} value={String(order.quantity)} />
        {order.data ? <Field label={t('orders.data')} value={order.data} /> : null}
        {order.phone ? <Field label={t('orders.phone')} value={order.phone} /> : null}
        <Field label={t('orders.createdAt')} value={formatDate(order.created_at)} />
        {order.updated_at !== order.created_at ? <Field label={t('orders.updatedAt')} value={formatDate(order.updated_at)} /> : null}
      </dl>

      {order.message ? (
        <p className="whitespace-pre-line rounded-xl bg-surface-2 px-3 py-2 text-sm text-fg">
          <span className="font-bold">{t('orders.message')}: </span>
          <bdi>{order.message}</bdi>
        </p>
      ) : null}
      {order.cancel_msg ? (
        <p className="whitespace-pre-line rounded-xl bg-danger-bg px-3 py-2 text-sm text-danger">
          <span className="font-bold">{t('orders.cancelMsg')}: </span>
          <bdi>{order.cancel_msg}</bdi>
        </p>
      ) : null}

      {canCancel ? (
        <button
          type="button"
          onClick={onCancel}
          disabled={cancel.isPending}
          className="inline-flex h-10 items-center justify-center self-end rounded-xl border border-danger/50 px-4 text-sm font-bold text-danger transition-colors hover:bg-danger-bg disabled:opacity-50"
        >
          {t('orders.cancel')}
        </button>
      ) : null}
      </Card>
    </article>
  );
}
