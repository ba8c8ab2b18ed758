import type { Charge } from '@raseed/contract';
import { formatCurrency, formatDate } from '@/lib/format';
import { t } from '@/lib/i18n';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { TopupStatus } from './topup-status';

/** A new receipt for a rejected request: the payments page with its bank and amount filled in. */
function resubmitHref(topup: Charge): string {
  return `${paths.topup}?${new URLSearchParams({ bank: String(topup.bank_id), amount: topup.amount_local })}`;
}

const columns = [
  'topups.col.image',
  'topups.col.bank',
  'topups.col.amount',
  'topups.col.status',
  'topups.col.date',
] as const;

// On phones five columns do not fit beside a 125 px thumbnail: each row becomes a card with the
// thumbnail at the start and the other cells stacked, each prefixed with its column name.
const cell =
  'p-3 max-md:flex max-md:items-center max-md:gap-2 max-md:p-0 max-md:before:text-xs ' +
  'max-md:before:font-normal max-md:before:text-muted max-md:before:content-[attr(data-label)]';

/** The top-up requests as the spec's table; the thumbnail opens the full receipt. */
export function TopupsTable({ topups }: { topups: Charge[] }) {
  return (
    <div className="rounded-2xl border border-line bg-surface max-md:border-0 max-md:bg-transparent md:overflow-x-auto">
      <table className="w-full border-collapse text-sm max-md:block">
        <thead className="bg-surface-2 text-muted max-md:sr-only">
          <tr>
            {columns.map((key) => (
              <th key={key} scope="col" className="px-3 py-3 text-start font-bold">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
          {topups.map((topup) => (
            <tr
              key={topup.id}
              className={
                'border-t border-line align-middle max-md:grid max-md:grid-cols-[125px_1fr] ' +
                'max-md:gap-x-4 max-md:gap-y-1.5 max-md:rounded-2xl max-md:border max-md:bg-surface ' +
                'max-md:p-3'
              }
            >
              <td className="p-3 max-md:row-span-4 max-md:p-0">
                <a
                  href={topup.img}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('topups.openImage', { id: topup.id })}
                  className="block w-[125px]"
                >
                  <img
                    src={topup.img}
                    alt=""
                    width={125}
                    loading="lazy"
                    className="h-auto max-h-40 w-[125px] rounded-lg border border-line bg-surface-2 object-cover"
                  />
                </a>
              </td>
              <td data-label={t('topups.col.bank')} className={`${cell} font-bold text-fg`}>
                {topup.bank}
              </td>
              <td data-label={t('topups.col.amount')} className={`${cell} whitespace-nowrap font-bold text-fg`}>
                <bdi>{formatCurrency(topup.amount)}</bdi>
                {topup.currency !== 'USD' ? (
                  <bdi className="ms-1 font-normal text-muted">
                    ({formatCurrency(topup.amount_local, topup.currency)})
                  </bdi>
                ) : null}
              </td>
              <td data-label={t('topups.col.status')} className={cell}>
                <span className="inline-flex flex-wrap items-center gap-2">
                  <TopupStatus status={topup.status} reason={topup.reason} />
                  {topup.status === 'cancel' ? (
                    <Link
                      to={resubmitHref(topup)}
                      className="text-sm font-bold text-accent underline underline-offset-2"
                    >
                      {t('topups.resubmit')}
                    </Link>
                  ) : null}
                </span>
              </td>
              <td data-label={t('topups.col.date')} className={`${cell} whitespace-nowrap text-muted`}>
                <time dateTime={topup.created_at}>{formatDate(topup.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
