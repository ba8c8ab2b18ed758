import type { StorefrontAccountLine } from '@raseed/contract';
import { ot } from '@/lib/console/copy-ar';
import { formatCurrency, formatDate, parseMoney } from '@/lib/format';

/** A zero side of a line shows as a dash, so the column that moved stands out. */
function Amount({ value, tone }: { value: string; tone: string }) {
  if (!parseMoney(value)) return <span className="text-muted">—</span>;
  return <span className={`font-bold ${tone}`}>{formatCurrency(value)}</span>;
}

const head = 'px-3 py-3 font-bold md:px-4';
const figure = 'px-2 py-3 text-end whitespace-nowrap md:px-4';

/** A page of the account's ledger: what happened and when, credit, debit and the balance after. */
export function AccountLedger({ lines }: { lines: StorefrontAccountLine[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{ot('account.ledger')}</caption>
        <thead className="bg-surface-2 text-muted">
          <tr>
            <th scope="col" className={`${head} text-start`}>
              {ot('account.what')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {ot('account.credit')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {ot('account.debit')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {ot('account.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id} className="border-t border-line align-top">
              <td className="min-w-40 px-3 py-3 md:px-4">
                <p className="text-fg">
                  <bdi>{l.reason}</bdi>
                </p>
                <p className="mt-0.5 text-xs whitespace-nowrap text-muted">{formatDate(l.created_at)}</p>
              </td>
              <td className={figure}>
                <Amount value={l.credit} tone="text-accent" />
              </td>
              <td className={figure}>
                <Amount value={l.debit} tone="text-danger" />
              </td>
              <td className={`${figure} text-fg`}>{formatCurrency(l.balance_after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
