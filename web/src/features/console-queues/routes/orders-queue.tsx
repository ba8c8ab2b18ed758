import { useEffect, useRef, useState } from 'react';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { type OrderFilter, useOperatorStats, useOrders } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ListFilters } from '@/components/console/list-filters';
import { OrderCard, type OrderCardHandle } from '../components/order-card';
import { ShortcutsSheet } from '../components/shortcuts-sheet';
import { queueCommand } from '../queue-keys';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { Button } from '@/components/ui/button';

/** The one status filter; «تحتاج متابعة» carries its count, since it is what the badge points to. */
function statusOptions(attention: number) {
  return [
    { value: 'open', label: ot('filter.open') },
    { value: 'attention', label: attention ? `${ot('orders.attention')} (${attention})` : ot('orders.attention') },
    ...(['pending', 'wait', 'request_cancel', 'success', 'cancel'] as const).map((s) => ({
      value: s,
      label: t(`status.${s}`),
    })),
    { value: 'all', label: ot('filter.all') },
  ];
}

/**
 * The orders waiting for an operator, oldest first; it re-reads itself. The keyboard walks it
 * (j/k or the arrows), accepts (a) and rejects (r) the selected order; «?» lists the keys.
 */
export default function OrdersQueue() {
  const [filter, setFilter] = useState<OrderFilter>({ status: 'open', search: '', page: 1 });
  const orders = useOrders(filter);
  const attention = useOperatorStats().data?.attention_orders ?? 0;
  const [selected, setSelected] = useState(-1);
  const [help, setHelp] = useState(false);
  const cards = useRef(new Map<number, OrderCardHandle>());
  const list = orders.data?.orders ?? [];
  const count = list.length;
  const current = list[Math.min(selected, count - 1)];

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (help) return;
      const command = queueCommand(event);
      if (!command) return;
      event.preventDefault();
      if (command === 'help') return setHelp(true);
      if (command === 'next') return setSelected((i) => Math.min(i + 1, count - 1));
      if (command === 'prev') return setSelected((i) => Math.max(i - 1, 0));
      if (!current) return;
      const card = cards.current.get(current.id);
      if (command === 'accept') card?.accept();
      else card?.reject();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [help, count, current]);

  const show = (status: OrderFilter['status']) => {
    setSelected(-1);
    setFilter({ ...filter, status, page: 1 });
  };
  return (
    <Page title={ot('orders.title')} description={ot('admin.refreshNote')}>
      {/* Shortcuts need a keyboard: not offered on a phone. */}
      <div className="mb-3 hidden justify-end md:flex">
        <Button variant="secondary" size="sm" aria-keyshortcuts="?" onClick={() => setHelp(true)}>
          {ot('keys.open')}
        </Button>
      </div>
      <ListFilters
        status={filter.status}
        statuses={statusOptions(attention)}
        onStatus={(status) => show(status as OrderFilter['status'])}
        search={filter.search}
        searchLabel={ot('filter.searchOrders')}
        onSearch={(search) => {
          setSelected(-1);
          setFilter({ ...filter, search, page: 1 });
        }}
      />
      <ListState query={orders} isEmpty={(d) => d.orders.length === 0}>
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.orders.map((o) => (
              <OrderCard
                key={`${o.id}-${o.status}-${o.fulfilment.state}`}
                order={o}
                selected={o.id === current?.id}
                ref={(handle) => {
                  if (handle) cards.current.set(o.id, handle);
                  else cards.current.delete(o.id);
                }}
              />
            ))}
          </div>
        )}
      </ListState>
      <Pager
        page={filter.page}
        paginate={orders.data?.paginate}
        onPage={(page) => {
          setSelected(-1);
          setFilter({ ...filter, page });
        }}
      />
      {help ? <ShortcutsSheet onClose={() => setHelp(false)} /> : null}
    </Page>
  );
}
