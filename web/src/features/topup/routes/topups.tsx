import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { t } from '@/lib/i18n';
import { useTopups } from '../api';
import { TopupsTable } from '../components/topups-table';

/** /charges: the customer's top-up requests as a table (docs/product-rules.md#screens). */
export default function TopupsRoute() {
  const topups = useTopups();

  return (
    <Page title={t('nav.topups')}>
      {/* A failed load is not toasted (docs/product-rules.md#errors); the page offers a retry. */}
      <ListState
        query={topups}
        isEmpty={(list) => list.length === 0}
        empty={t('topups.empty')}
        next={
          <Link to={paths.topup} className={buttonClass('primary')}>
            {t('nav.topup')}
          </Link>
        }
      >
        {(list) => <TopupsTable topups={list} />}
      </ListState>
    </Page>
  );
}
