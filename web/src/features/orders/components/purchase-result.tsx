import type { Order } from '@raseed/contract';
import { Link } from 'react-router';
import { OrderStatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { CodesBlock } from '@/components/ui/codes-block';
import { SkeletonCards } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link';
import { formatCurrency } from '@/lib/format';
import { type CopyKey, t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { useOrderPage } from '../api';
import { CancelControl } from './cancel-control';
import { ContactAboutOrder } from './contact-link';
import { RedeemSteps } from './redeem-steps';

/** The heading and the "what happens next" line for each status the purchased order can be in. */
function outcome(order: Order): { title: CopyKey; next: CopyKey | null } {
  switch (order.status) {
    case 'success':
      return order.codes.length > 0
        ? { title: 'result.delivered', next: null }
        : { title: 'result.accepted', next: 'result.next.accepted' };
    case 'cancel':
      return { title: 'result.cancelled', next: 'result.next.cancelled' };
    case 'wait':
    case 'request_cancel':
      return { title: 'result.pending', next: 'result.next.wait' };
    default:
      return { title: 'result.pending', next: 'result.next.pending' };
  }
}

/**
 * The result of the purchase just made, first on /orders: a delivered code large and whole with
 * its copy button and the product's redemption steps; otherwise what happens next and the status,
 * re-read live (the event stream and the 15 s poll re-read this order's query). Contact about the
 * order on WhatsApp either way, and the cancel button while the order may still be cancelled.
 */
export function PurchaseResult({ id }: { id: number }) {
  const query = useOrderPage(id);
  if (query.isPending) return <SkeletonCards count={1} className="mb-5 grid" itemClass="h-48" />;
  // A result that cannot be read is left to the list below, which shows the order too.
  if (query.isError) return null;
  const { order, redeem_instructions: steps } = query.data;
  const { title, next } = outcome(order);
  return (
    <article aria-label={t('result.label')} className="mb-5 rounded-2xl ring-2 ring-accent/60">
      <Card className="grid gap-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-bold text-fg">{t(title)}</h2>
            <p className="mt-1 break-words text-sm text-muted">
              <bdi>{order.product.name}</bdi> · {t('orders.number', { id: order.id })} ·{' '}
              <bdi>{formatCurrency(order.price, 'USD')}</bdi>
            </p>
          </div>
          <div aria-live="polite" className="shrink-0 whitespace-nowrap">
            <OrderStatusBadge size="md" status={order.status} />
          </div>
        </div>
        <CodesBlock codes={order.codes} size="lg" />
        {order.status === 'success' ? <RedeemSteps steps={steps} /> : null}
        {next ? (
          <p aria-live="polite" className="rounded-xl bg-surface-2 px-3 py-2 text-sm leading-7 text-fg">
            {t(next)}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 sm:items-center">
          <ContactAboutOrder orderId={order.id} />
          <Link to={hrefs.order(order.id)} className={`${textLinkClass} inline-flex h-11 items-center justify-center`}>
            {t('orders.details')}
          </Link>
        </div>
        <CancelControl order={order} onChanged={() => void query.refetch()} />
      </Card>
    </article>
  );
}
