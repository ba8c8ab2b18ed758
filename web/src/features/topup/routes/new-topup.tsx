import type { Charge } from '@raseed/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { PageLoading } from '@/components/ui/page-loading';
import { t } from '@/lib/i18n';
import { useBanks } from '../api';
import { BankDetails } from '../components/bank-details';
import { BankPicker } from '../components/bank-picker';
import { TopupForm } from '../components/topup-form';
import { TopupSent } from '../components/topup-sent';

/**
 * /payments: payment methods and the top-up form (docs/product-rules.md#screens and #validation). `?bank=&amount=`
 * pre-fill a new receipt for a rejected request. After sending, the request's number and status replace the form.
 */
export default function NewTopupRoute() {
  const banks = useBanks();
  const [search] = useSearchParams();
  const [bankId, setBankId] = useState<number | null>(() => Number(search.get('bank')) || null);
  const [sent, setSent] = useState<Charge | null>(null);
  const list = banks.data ?? [];
  const chosen = list.find((bank) => bank.id === bankId) ?? null;
  const initialAmount = chosen && chosen.id === Number(search.get('bank')) ? (search.get('amount') ?? '') : '';

  return (
    <Page title={t('nav.topup')}>
      {banks.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        <EmptyState message={t('topup.none')} />
      ) : sent ? (
        <TopupSent charge={sent} onAnother={() => setSent(null)} />
      ) : (
        <div className="flex flex-col gap-6">
          <BankPicker banks={list} value={bankId} onChange={setBankId} />
          {chosen ? (
            <div className="grid items-start gap-4 md:grid-cols-2">
              <BankDetails bank={chosen} />
              <TopupForm key={chosen.id} bank={chosen} initialAmount={initialAmount} onSent={setSent} />
            </div>
          ) : (
            // A hint, not a warning: the customer has done nothing wrong yet.
            <p className="text-muted">{t('topup.choose')}</p>
          )}
        </div>
      )}
    </Page>
  );
}
