import { EmptyState, ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { t } from '@/lib/i18n';
import { useKeysetPages } from '@/lib/keyset-pages';
import { useBalances } from '../api';
import { LedgerTable } from '../components/ledger-table';
import { SummaryCards } from '../components/summary-cards';
import { StatementDownload } from '../components/statement-download';

/** /balances: balance summary cards and the paged ledger (docs/product-rules.md#screens). */
export default function BalancesRoute() {
  const pages = useKeysetPages();
  const balances = useBalances({ page: pages.page, before: pages.before });
  const data = balances.data;

  const turn = (fn: () => void) => {
    fn();
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('nav.balances')}>
      <ListState query={balances} toastId="balances-load">
        {(d) => (
          <>
            <SummaryCards balance={d.total_balance} deposit={d.deposit} totalOrders={d.total_orders} />
            <StatementDownload />
            <section aria-labelledby="movements-title">
              <h2 id="movements-title" className="mb-3 text-lg font-bold text-fg">
                {t('balance.movements')}
              </h2>
              {d.balances.length === 0 ? (
                <EmptyState message={t('balance.empty')} />
              ) : (
                <LedgerTable entries={d.balances} />
              )}
            </section>
          </>
        )}
      </ListState>
      <Pager
        page={pages.page}
        paginate={data?.paginate}
        onNext={(p) => turn(() => pages.next(p))}
        onBack={(p) => turn(() => pages.back(p))}
      />
    </Page>
  );
}
