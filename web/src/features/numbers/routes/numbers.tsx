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
          <div className="flex flex-col gap-1">
            <label htmlFor="numbers-status" className="text-sm text-muted">
              {nt('numbers.statusLabel')}
            </label>
            <select
              id="numbers-status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as NumberStatus | 'all');
                setPage(1);
              }}
              className={
                'h-11 w-48 rounded-xl border border-line bg-surface px-3 ' +
                'text-fg focus:border-accent focus:outline-none'
              }
            >
              <option value="all">{nt('numbers.all')}</option>
              {numberStatus.options.map((s) => (
                <option key={s} value={s}>
                  {nt(statusKey(s))}
                </option>
              ))}
            </select>
          </div>
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
