import type { KeysetPaginate } from '@raseed/contract';
import { t } from '@/lib/i18n';

type PagerProps = {
  page: number;
  paginate: KeysetPaginate | undefined;
  onNext: (p: KeysetPaginate) => void;
  onBack: (p: KeysetPaginate) => void;
};

const button =
  'inline-flex h-11 min-w-24 items-center justify-center rounded-xl border border-line ' +
  'bg-surface px-4 font-bold text-fg transition-colors hover:border-accent ' +
  'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line';

/** Previous / next page buttons of a paged list; hidden when the list fits on one page. */
export function Pager({ page, paginate, onNext, onBack }: PagerProps) {
  if (!paginate || (paginate.nextPage === null && paginate.backPage === null)) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-6 flex items-center justify-between gap-3">
      <button type="button" className={button} disabled={paginate.backPage === null} onClick={() => onBack(paginate)}>
        {t('orders.prev')}
      </button>
      <span className="text-sm text-muted" aria-live="polite">
        {t('pager.page', { page })}
      </span>
      <button type="button" className={button} disabled={paginate.nextPage === null} onClick={() => onNext(paginate)}>
        {t('orders.next')}
      </button>
    </nav>
  );
}
