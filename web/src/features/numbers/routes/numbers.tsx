import { type NumberStatus, numberStatus } from '@raseed/contract';
import { useState } from 'react';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { t } from '@/lib/i18n';
import { useNumberPurchases } from '../api';
import { PurchaseCard } from '../components/purchase-card';
import { ServiceList } from '../components/service-list';
import { nt, statusKey } from '../copy-ar';
import { Select } from '@/components/ui/select';

/** /invoices: buy a number for an app's SMS code, and follow the numbers bought (docs/product-rules.md#screens). */
export default function NumbersRoute() {
  const [status, setStatus] = useState<NumberStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const purchases = useNumberPurchases({ page, status });
  const paginate = purchases.data?.paginate;
  const turn = (p: number | null) => {
    if (p === null) return;
    setPage(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('nav.numbers')}>
      <ServiceList />
      <section aria-labelledby="my-numbers">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="my-numbers" className="text-lg font-bold text-fg">
            {nt('numbers.list')}
          </h2>
          <Select
            id="numbers-status"
            size="md"
            className="w-48"
            label={nt('numbers.statusLabel')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as NumberStatus | 'all');
              setPage(1);
            }}
            options={[
              { value: 'all', label: nt('numbers.all') },
              ...numberStatus.options.map((s) => ({ value: s, label: nt(statusKey(s)) })),
            ]}
          />
        </div>
        <ListState
          query={purchases}
          toastId="numbers-load"
          isEmpty={(d) => d.purchases.length === 0}
          empty={nt('numbers.empty')}
        >
          {(d) => (
            <ul
              aria-label={nt('numbers.list')}
              aria-busy={purchases.isPlaceholderData}
              className="grid gap-4 md:grid-cols-2"
            >
              {d.purchases.map((p) => (
                <li key={p.id}>
                  <PurchaseCard purchase={p} />
                </li>
              ))}
            </ul>
          )}
        </ListState>
        <Pager
          page={page}
          paginate={paginate ? { ...paginate, nextBefore: null } : undefined}
          onNext={(p) => turn(p.nextPage)}
          onBack={(p) => turn(p.backPage)}
        />
      </section>
    </Page>
  );
}
