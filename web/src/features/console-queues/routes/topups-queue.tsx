import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { type TopupFilter, useTopups } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { TopupCard } from '../components/topup-card';
import { ListFilters } from '@/components/console/list-filters';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';

const statuses = [
  { value: 'pending', label: t('topupStatus.pending') },
  { value: 'success', label: t('topupStatus.success') },
  { value: 'cancel', label: t('topupStatus.cancel') },
  { value: 'all', label: ot('filter.all') },
];

/** Top-up requests waiting for a look at their receipt, oldest first; it re-reads itself. */
export default function ChargesQueue() {
  const [filter, setFilter] = useState<TopupFilter>({ status: 'pending', page: 1 });
  const topups = useTopups(filter);
  return (
    <Page title={ot('topups.title')} description={ot('admin.refreshNote')}>
      <ListFilters
        status={filter.status}
        statuses={statuses}
        onStatus={(status) => setFilter({ status: status as TopupFilter['status'], page: 1 })}
      />
      <ListState query={topups} isEmpty={(d) => d.charges.length === 0}>
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.charges.map((c) => (
              <TopupCard key={`${c.id}-${c.status}`} topup={c} />
            ))}
          </div>
        )}
      </ListState>
      <Pager page={filter.page} paginate={topups.data?.paginate} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
