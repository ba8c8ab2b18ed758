import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { type OrderFilter, useOrders } from '../api/queues';
import { ot } from '../copy-ar';
import { ListFilters } from '../components/list-filters';
import { OrderCard } from '../components/order-card';
import { AdminPager, QueryState } from '../components/query-state';

const statuses = [
  { value: 'open', label: ot('filter.open') },
  ...(['pending', 'wait', 'request_cancel', 'success', 'cancel'] as const).map((s) => ({ value: s, label: t(`status.${s}`) })),
  { value: 'all', label: ot('filter.all') },
];

/** The orders waiting for an operator, oldest first; it re-reads itself. */
export default function OrdersQueue() {
  const [filter, setFilter] = useState<OrderFilter>({ status: 'open', search: '', page: 1 });
  const orders = useOrders(filter);
  return (
    <Page title={ot('orders.title')} description={ot('admin.refreshNote')}>
      <ListFilters
        status={filter.status}
        statuses={statuses}
        onStatus={(status) => setFilter({ ...filter, status: status as OrderFilter['status'], page: 1 })}
        search={filter.search}
        searchLabel={ot('filter.searchOrders')}
        onSearch={(search) => setFilter({ ...filter, search, page: 1 })}
      />
      <QueryState query={orders} isEmpty={(d) => d.orders.length === 0}>
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.orders.map((o) => (
              <OrderCard key={`${o.id}-${o.status}`} order={o} />
            ))}
          </div>
        )}
      </QueryState>
      <AdminPager page={filter.page} paginate={orders.data?.paginate} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
