import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { Pager } from '@/components/ui/pager';
import { t } from '@/lib/i18n';
import { useKeysetPages } from '@/lib/keyset-pages';
import { useBalances } from '../api';
import { LedgerTable } from '../components/ledger-table';
import { SummaryCards } from '../components/summary-cards';

/** /balances: balance summary cards and the paged ledger (spec §2). */
export default function BalancesRoute() {
  const pages = useKeysetPages();
  const balances = useBalances({ page: pages.page, before: pages.before });
  const data = balances.data;

  const error = balances.error;
  useEffect(() => {
    if (error) toast.error(error.message, { theme: 'dark', toastId: 'balances-load' });
  }, [error]);

  const turn = (fn: () => void) => {
    fn();
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('nav.balances')}>
      {balances.isPending ? <PageLoading /> : null}
      {data ? <SummaryCards balance={data.total_balance} deposit={data.deposit} totalOrders={data.total_orders} /> : null}
      {data ? (
        <section aria-labelledby="movements-title">
          <h2 id="movements-title" className="mb-3 text-lg font-bold text-fg">
            {t('balance.movements')}
          </h2>
          {data.balances.length === 0 ? (
            <p className="py-12 text-center text-muted">{t('balance.empty')}</p>
          ) : (
            <LedgerTable entries={data.balances} />
          )}
        </section>
      ) : null}
      <Pager
        page={pages.page}
        paginate={data?.paginate}
        onNext={(p) => turn(() => pages.next(p))}
        onBack={(p) => turn(() => pages.back(p))}
      />
    </Page>
  );
}
