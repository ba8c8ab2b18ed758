import type { OrderStatus } from '@raseed/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { Pager } from '@/components/ui/pager';
import { t } from '@/lib/i18n';
import { useKeysetPages } from '@/lib/keyset-pages';
import { paths } from '@/lib/paths';
import { useOrders } from '../api';
import { OrderCard } from '../components/order-card';
import { OrdersToolbar } from '../components/orders-toolbar';

/** /orders: searchable, filterable, paged order cards (spec §2, §4). */
export default function OrdersRoute() {
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const [search, setSearch] = useState('');
  const pages = useKeysetPages();
  const orders = useOrders({ page: pages.page, before: pages.before, status, search });

  const error = orders.error;
  useEffect(() => {
    // Spec §8: list pages show the server's msg in a dark toast.
    if (error) toast.error(error.message, { theme: 'dark', toastId: 'orders-load' });
  }, [error]);

  const list = orders.data?.orders;
  const turn = (fn: () => void) => {
    fn();
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('nav.orders')}>
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
      {orders.isPending ? <PageLoading /> : null}
      {list && list.length === 0 ? (
        <div className="grid justify-items-center gap-3 py-12 text-center">
          <p className="text-muted">{t('orders.empty')}</p>
          {/* With no filter the customer has simply not bought yet: the next step is the store. */}
          {status === 'all' && !search ? (
            <Link to={paths.home} className="inline-flex h-11 items-center rounded-xl bg-accent px-5 font-bold text-accent-fg hover:bg-accent-strong">
              {t('orders.browse')}
            </Link>
          ) : null}
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <ul aria-label={t('orders.list')} aria-busy={orders.isPlaceholderData} className="grid gap-4 md:grid-cols-2">
          {list.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        page={pages.page}
        paginate={orders.data?.paginate}
        onNext={(p) => turn(() => pages.next(p))}
        onBack={(p) => turn(() => pages.back(p))}
      />
    </Page>
  );
}
