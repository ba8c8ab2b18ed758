import { EmptyState, ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { t } from '@/lib/i18n';
import { useKeysetPages } from '@/lib/keyset-pages';
import { useWallet } from '../api';
import { LedgerTable } from '../components/ledger-table';
import { SummaryCards } from '../components/summary-cards';
import { StatementDownload } from '../components/statement-download';

/** /balances: balance summary cards and the paged ledger (docs/product-rules.md#screens). */
export default function WalletRoute() {
  const pages = useKeysetPages();
  const wallet = useWallet({ page: pages.page, before: pages.before });
  const data = wallet.data;

  const turn = (fn: () => void) => {
    fn();
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={t('nav.wallet')}>
      <ListState query={wallet} toastId="wallet-load">
        {(d) => (
          <>
            <SummaryCards balance={d.total_balance} deposit={d.deposit} totalOrders={d.total_orders} />
            <StatementDownload />
            <section aria-labelledby="movements-title">
              <h2 id="movements-title" className="mb-3 text-lg font-bold text-fg">
                {t('wallet.movements')}
              </h2>
              {d.balances.length === 0 ? (
                <EmptyState message={t('wallet.empty')} />
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
