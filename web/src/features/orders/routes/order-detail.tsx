import type { Order, OrderHistoryEntry } from '@raseed/contract';
import { Link, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { CodesBlock } from '@/components/ui/codes-block';
import { LoadError } from '@/components/ui/load-error';
import { EmptyState } from '@/components/ui/list-state';
import { buttonClass } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { Page } from '@/components/ui/page';
import { SkeletonCards } from '@/components/ui/skeleton';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { useOrderPage } from '../api';
import { CancelControl } from '../components/cancel-control';
import { OrderFacts, OrderMessages } from '../components/order-facts';
import { OrderStatusBadge } from '@/components/ui/badge';
import { StatusHistory } from '../components/status-history';
import { ContactAboutOrder } from '../components/contact-link';
import { RedeemSteps } from '../components/redeem-steps';

const backLink = 'inline-flex h-11 items-center text-sm font-bold text-accent underline-offset-4 hover:underline';

function Details({
  order,
  history,
  refunded,
  steps,
  onChanged,
}: {
  order: Order;
  history: OrderHistoryEntry[];
  refunded: string | undefined;
  steps: string | null | undefined;
  onChanged: () => void;
}) {
  return (
    <Card className="mx-auto grid max-w-3xl gap-4">
      <div className="flex items-start justify-between gap-3">
        <h2 className="break-words text-xl font-bold text-fg">
          <bdi>{order.product.name}</bdi>
        </h2>
        <OrderStatusBadge size="md" status={order.status} />
      </div>
      <OrderFacts order={order} />
      <CodesBlock codes={order.codes} />
      {order.status === 'success' ? <RedeemSteps steps={steps} /> : null}
      <OrderMessages order={order} />
      {order.status === 'cancel' && refunded ? (
        <p className="rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm text-fg">
          <span className="font-bold">{t('orders.refund')}: </span>
          {formatCurrency(refunded, 'USD')}
        </p>
      ) : null}
      {history.length > 0 ? <StatusHistory history={history} /> : null}
      <CancelControl order={order} onChanged={onChanged} />
      <ContactAboutOrder orderId={order.id} />
    </Card>
  );
}

/** /orders/:id: one order with everything about it; a link that can be shared or bookmarked. */
export default function OrderDetailRoute() {
  const raw = useParams().id ?? '';
  if (!/^\d{1,10}$/.test(raw)) return <Page title={t('notFound')} />;
  // Keyed so moving from one order's page to another's starts fresh.
  return <OrderDetail key={raw} id={Number(raw)} />;
}

function OrderDetail({ id }: { id: number }) {
  const query = useOrderPage(id);
  return (
    <Page
      title={t('orders.detailTitle', { id })}
      actions={
        <Link to={paths.orders} className={backLink}>
          {t('orders.backToList')}
        </Link>
      }
    >
      {query.isPending ? (
        <SkeletonCards count={1} className="mx-auto grid max-w-3xl" itemClass="h-72" />
      ) : isApiError(query.error) && query.error.status === 404 ? (
        // Asking again cannot make an order exist: say so, and lead to the orders that do.
        <div role="alert" className="mx-auto grid max-w-md gap-2 text-center">
          <p className="font-bold text-fg">{t('orders.notFound')}</p>
          <EmptyState
            message={t('orders.notFoundHint')}
            next={
              <Link to={paths.orders} className={buttonClass()}>
                {t('orders.backToList')}
              </Link>
            }
          />
        </div>
      ) : query.isError ? (
        <LoadError what={t('load.what.order')} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Details
          order={query.data.order}
          history={query.data.history ?? []}
          refunded={query.data.refunded}
          steps={query.data.redeem_instructions}
          onChanged={() => void query.refetch()}
        />
      )}
    </Page>
  );
}
