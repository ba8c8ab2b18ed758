import type { Order } from '@raseed/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { CodesBlock } from '@/components/ui/codes-block';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { useOrderPolling } from '../api';
import { newestOrder } from '../lib/newest-order';
import { CancelControl } from './cancel-control';
import { OrderFacts, OrderMessages } from './order-facts';
import { OrderStatusBadge } from '@/components/ui/badge';

/**
 * One order. A pending one is re-read every 15 s while the card is mounted; the card always shows
 * the most recent reading, including what a cancel returned (a cancel request shows as under
 * review, without a second cancel button).
 */
export function OrderCard({ order: listed }: { order: Order }) {
  const [adopted, setAdopted] = useState<Order | null>(null);
  const polled = useOrderPolling(listed, newestOrder(listed, adopted).status === 'pending');
  const order = newestOrder(listed, polled, adopted);

  return (
    <article aria-labelledby={`order-${order.id}-title`}>
      <Card className="flex h-full flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={`order-${order.id}-title`} className="break-words text-lg font-bold text-fg">
              <bdi>{order.product.name}</bdi>
            </h2>
            <p className="text-xs text-muted">{t('orders.number', { id: order.id })}</p>
          </div>
          <OrderStatusBadge size="md" status={order.status} />
        </div>
        <OrderFacts order={order} />
        <CodesBlock codes={order.codes} />
        <OrderMessages order={order} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          <Link
            to={hrefs.order(order.id)}
            className={
              'inline-flex h-11 items-center rounded-xl px-2 text-sm font-bold ' +
              'text-accent underline-offset-4 hover:underline'
            }
            aria-label={`${t('orders.details')}: ${t('orders.number', { id: order.id })}`}
          >
            {t('orders.details')}
          </Link>
          <CancelControl order={order} onChanged={setAdopted} />
        </div>
      </Card>
    </article>
  );
}
