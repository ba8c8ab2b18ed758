import type { BalanceEntry } from '@raseed/contract';
import { formatCurrency, formatDate, parseMoney } from '@/lib/format';
import { t } from '@/lib/i18n';

/** A zero side of a movement shows as a dash, so the column that moved stands out. */
function Amount({ value, tone }: { value: string; tone: string }) {
  if (!parseMoney(value)) return <span className="text-muted">—</span>;
  return <span className={`font-bold ${tone}`}>{formatCurrency(value, 'USD')}</span>;
}

/** The ledger page: what happened (and when), credit and debit, newest first. */
export function LedgerTable({ entries }: { entries: BalanceEntry[] }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('wallet.movements')}</caption>
        <thead className="bg-surface-2 text-muted">
          <tr>
            <th scope="col" className="px-3 py-3 text-start font-bold md:px-4">
              {t('wallet.info')}
            </th>
            <th scope="col" className="w-24 px-2 py-3 text-end font-bold md:w-40 md:px-4">
              {t('wallet.credit')}
            </th>
            <th scope="col" className="w-24 px-2 py-3 text-end font-bold md:w-40 md:px-4">
              {t('wallet.debit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-t border-line align-top">
              <td className="px-3 py-3 md:px-4">
                <p className="text-fg">
                  <bdi>{e.info}</bdi>
                </p>
                <p className="mt-0.5 text-xs whitespace-nowrap text-muted">{formatDate(e.created_at)}</p>
              </td>
              <td className="px-2 py-3 text-end whitespace-nowrap md:px-4">
                <Amount value={e.credit} tone="text-accent" />
              </td>
              <td className="px-2 py-3 text-end whitespace-nowrap md:px-4">
                <Amount value={e.debit} tone="text-danger" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
