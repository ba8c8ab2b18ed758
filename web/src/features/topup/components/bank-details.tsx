import type { Bank } from '@raseed/contract';
import { Card } from '@/components/ui/card';
import { CopyIcon } from '@/components/ui/icons';
import { copyText } from '@/lib/clipboard';
import { t } from '@/lib/i18n';
import { IconButton } from '@/components/ui/icon-button';

/** The chosen method: where to transfer (name, instructions, IBAN) and a button to copy the IBAN. */
export function BankDetails({ bank }: { bank: Bank }) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-fg">{bank.name}</h2>
      {bank.info ? <p className="whitespace-pre-line text-muted">{bank.info}</p> : null}
      <dl>
        {bank.holder ? (
          <div className="mb-3">
            <dt className="mb-1 text-sm text-muted">{t('topup.holder')}</dt>
            <dd className="font-bold text-fg">{bank.holder}</dd>
          </div>
        ) : null}
        <dt className="mb-1 text-sm text-muted">{t('topup.iban')}</dt>
        <dd className="flex items-center gap-2 rounded-xl border border-line bg-surface-2 p-2 ps-3">
          <span
            dir="ltr"
            className={
              'min-w-0 flex-1 select-all text-end font-mono text-[0.8rem] ' +
              'font-bold text-fg sm:text-base sm:tracking-wide'
            }
          >
            {bank.iban}
          </span>
          <IconButton
            onClick={() => void copyText(bank.iban)}
            aria-label={t('topup.copyIban')}
            title={t('topup.copyIban')}
            tone="accent"
          >
            <CopyIcon />
          </IconButton>
        </dd>
      </dl>
    </Card>
  );
}
