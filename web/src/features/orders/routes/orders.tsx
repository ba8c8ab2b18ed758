import type { OrderStatus } from '@raseed/contract';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { t } from '@/lib/i18n';
import { useKeysetPages } from '@/lib/keyset-pages';
import { paths } from '@/lib/paths';
import { readPurchaseResult } from '@/lib/placed-player';
import { useOrders } from '../api';
import { OrderCard } from '../components/order-card';
import { OrdersToolbar } from '../components/orders-toolbar';
import { PurchaseResult } from '../components/purchase-result';

/**
 * /orders: searchable, filterable, paged order cards (docs/product-rules.md#screens and #states).
 * After a purchase (the order's id in the navigation state) its result comes first, and the list
 * below leaves that order out. `notices` come between, from other features, as the store app
 * composes them (the offer to save the player just ordered for, the push prompt, live updates).
 */
export default function OrdersRoute({ notices }: { notices?: ReactNode }) {
  const resultId = readPurchaseResult(useLocation().state);
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [search, setSearch] = useState('');
  const pages = useKeysetPages();
  const orders = useOrders({ page: pages.page, before: pages.before, status, search });

  const turn = (fn: () => void) => {
    fn();
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('nav.orders')}>
      {resultId ? <PurchaseResult id={resultId} /> : null}
      {notices}
      <OrdersToolbar
        status={status}
        onStatus={(s) => {
          setStatus(s);
          pages.reset();
        }}
        onSearch={(text) => {
          setSearch(text);
          pages.reset();
        }}
      />
      <ListState
        query={orders}
        what={t('load.what.orders')}
        toastId="orders-load"
        isEmpty={(d) => d.orders.length === 0}
        empty={t('orders.empty')}
        next={
          // With no filter the customer has simply not bought yet: the next step is the store.
          status === 'all' && !search ? (
            <Link to={paths.home} className={buttonClass('primary')}>
              {t('orders.browse')}
            </Link>
          ) : null
        }
      >
        {(d) => (
          <ul aria-label={t('orders.list')} aria-busy={orders.isPlaceholderData} className="grid gap-4 md:grid-cols-2">
            {d.orders
              .filter((order) => order.id !== resultId)
              .map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} />
                </li>
              ))}
          </ul>
        )}
      </ListState>
      <Pager
        page={pages.page}
        paginate={orders.data?.paginate}
        onNext={(p) => turn(() => pages.next(p))}
        onBack={(p) => turn(() => pages.back(p))}
      />
    </Page>
  );
}
