import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useCharges } from '../api';
import { ChargesTable } from '../components/charges-table';

/** /charges: the customer's top-up requests as a table (spec §2). */
export default function ChargesRoute() {
  const charges = useCharges();
  const list = charges.data ?? [];

  return (
    <Page title={t('nav.charges')}>
      {charges.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">{t('charges.empty')}</p>
      ) : (
        <ChargesTable charges={list} />
      )}
    </Page>
  );
}
