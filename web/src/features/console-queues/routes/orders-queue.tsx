import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { type OrderFilter, useOperatorStats, useOrders } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ListFilters } from '@/components/console/list-filters';
import { OrderCard } from '../components/order-card';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { CountBadge } from '@/components/ui/badge';
import { ToggleButton } from '@/components/ui/toggle-button';

const statuses = [
  { value: 'open', label: ot('filter.open') },
  { value: 'attention', label: ot('orders.attention') },
  ...(['pending', 'wait', 'request_cancel', 'success', 'cancel'] as const).map((s) => ({
    value: s,
    label: t(`status.${s}`),
  })),
  { value: 'all', label: ot('filter.all') },
];

/** The orders waiting for an operator, oldest first; it re-reads itself. */
export default function OrdersQueue() {
  const [filter, setFilter] = useState<OrderFilter>({ status: 'open', search: '', page: 1 });
  const orders = useOrders(filter);
  const attention = useOperatorStats().data?.attention_orders ?? 0;
  const show = (status: OrderFilter['status']) => setFilter({ ...filter, status, page: 1 });
  return (
    <Page title={ot('orders.title')} description={ot('admin.refreshNote')}>
      <fieldset className="mb-3 flex flex-wrap gap-2">
        <legend className="sr-only">{ot('orders.tabs')}</legend>
        <ToggleButton pressed={filter.status === 'open'} onClick={() => show('open')}>
          {ot('filter.open')}
        </ToggleButton>
        <ToggleButton pressed={filter.status === 'attention'} onClick={() => show('attention')}>
          {ot('orders.attention')}
          {attention ? <CountBadge tone="danger">{attention}</CountBadge> : null}
        </ToggleButton>
      </fieldset>
      <ListFilters
        status={filter.status}
        statuses={statuses}
        onStatus={(status) => show(status as OrderFilter['status'])}
        search={filter.search}
        searchLabel={ot('filter.searchOrders')}
        onSearch={(search) => setFilter({ ...filter, search, page: 1 })}
      />
      <ListState query={orders} isEmpty={(d) => d.orders.length === 0}>
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.orders.map((o) => (
              <OrderCard key={`${o.id}-${o.status}-${o.fulfilment.state}`} order={o} />
            ))}
          </div>
        )}
      </ListState>
      <Pager page={filter.page} paginate={orders.data?.paginate} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
