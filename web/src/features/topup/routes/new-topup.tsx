import { useState } from 'react';
import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useBanks } from '../api';
import { BankDetails } from '../components/bank-details';
import { BankPicker } from '../components/bank-picker';
import { TopupForm } from '../components/topup-form';
import { EmptyState } from '@/components/ui/list-state';

/** /payments: payment methods and the top-up form (docs/product-rules.md#screens and #validation). */
export default function NewTopupRoute() {
  const banks = useBanks();
  const [bankId, setBankId] = useState<number | null>(null);
  const list = banks.data ?? [];
  const chosen = list.find((bank) => bank.id === bankId) ?? null;

  return (
    <Page title={t('nav.topup')}>
      {banks.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        <EmptyState message={t('topup.none')} />
      ) : (
        <div className="flex flex-col gap-6">
          <BankPicker banks={list} value={bankId} onChange={setBankId} />
          {chosen ? (
            <div className="grid items-start gap-4 md:grid-cols-2">
              <BankDetails bank={chosen} />
              <TopupForm bankId={chosen.id} />
            </div>
          ) : (
            <p role="status" className="rounded-xl border border-warn/40 bg-warn-bg px-4 py-3 font-bold text-warn">
              {t('topup.choose')}
            </p>
          )}
        </div>
      )}
    </Page>
  );
}
