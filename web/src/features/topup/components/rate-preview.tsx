import { type Bank, dollarsFromLocal, readTopupAmount } from '@raseed/contract';
import { formatCurrency, formatMicros, parseMoney } from '@/lib/format';
import { t } from '@/lib/i18n';

/**
 * For a bank in another currency: the operator's rate and the dollars the typed amount credits, computed by the
 * same rule as the server (cut down to whole cents). Nothing for a dollar bank.
 */
export function RatePreview({ bank, amount }: { bank: Bank; amount: string }) {
  if (bank.currency === 'USD') return null;
  const read = readTopupAmount(amount);
  const rate = formatCurrency(bank.rate, bank.currency);
  const dollars = 'error' in read ? null : dollarsFromLocal(read.micros, parseMoney(bank.rate) ?? 0);
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-line bg-surface-2 px-3 py-2 text-sm">
      <p className="text-muted">
        {t('topup.rate')} <bdi className="whitespace-nowrap font-bold text-fg">{`1 $ = ${rate}`}</bdi>
      </p>
      <p aria-live="polite" className="text-fg">
        {dollars === null ? (
          t('topup.receiveHint')
        ) : (
          <>
            {t('topup.receive')}{' '}
            <bdi data-testid="topup-dollars" className="whitespace-nowrap text-base font-bold">
              {formatMicros(dollars)}
            </bdi>
          </>
        )}
      </p>
    </div>
  );
}
