import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { t } from '@/lib/i18n';
import { useCharges } from '../api';
import { ChargesTable } from '../components/charges-table';

/** /charges: the customer's top-up requests as a table (docs/product-rules.md#screens). */
export default function ChargesRoute() {
  const charges = useCharges();

  return (
    <Page title={t('nav.charges')}>
      {/* A failed load is not toasted (docs/product-rules.md#errors); the page offers a retry. */}
      <ListState
        query={charges}
        isEmpty={(list) => list.length === 0}
        empty={t('charges.empty')}
        next={
          <Link to={paths.payments} className={buttonClass('primary')}>
            {t('nav.payments')}
          </Link>
        }
      >
        {(list) => <ChargesTable charges={list} />}
      </ListState>
    </Page>
  );
}
