import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { type ChargeFilter, useCharges } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ChargeCard } from '../components/topup-card';
import { ListFilters } from '@/components/console/list-filters';
import { ListState } from '@/components/ui/list-state';
import { AdminPager } from '@/components/console/admin-pager';

const statuses = [
  { value: 'pending', label: t('charge.pending') },
  { value: 'success', label: t('charge.success') },
  { value: 'cancel', label: t('charge.cancel') },
  { value: 'all', label: ot('filter.all') },
];

/** Top-up requests waiting for a look at their receipt, oldest first; it re-reads itself. */
export default function ChargesQueue() {
  const [filter, setFilter] = useState<ChargeFilter>({ status: 'pending', page: 1 });
  const charges = useCharges(filter);
  return (
    <Page title={ot('charges.title')} description={ot('admin.refreshNote')}>
      <ListFilters
        status={filter.status}
        statuses={statuses}
        onStatus={(status) => setFilter({ status: status as ChargeFilter['status'], page: 1 })}
      />
      <ListState query={charges} isEmpty={(d) => d.charges.length === 0}>
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.charges.map((c) => (
              <ChargeCard key={`${c.id}-${c.status}`} charge={c} />
            ))}
          </div>
        )}
      </ListState>
      <AdminPager
        page={filter.page}
        paginate={charges.data?.paginate}
        onPage={(page) => setFilter({ ...filter, page })}
      />
    </Page>
  );
}
