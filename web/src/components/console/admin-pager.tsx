import type { Paginate } from '@raseed/contract';
import { t } from '@/lib/i18n';
import { secondaryButton } from './styles';

/** Previous / next for the operator lists (plain page numbers). */
export function AdminPager({
  page,
  paginate,
  onPage,
}: {
  page: number;
  paginate: Paginate | undefined;
  onPage: (p: number) => void;
}) {
  if (!paginate || (paginate.nextPage === null && paginate.backPage === null)) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-6 flex items-center justify-between gap-3">
      <button
        type="button"
        className={secondaryButton}
        disabled={paginate.backPage === null}
        onClick={() => paginate.backPage && onPage(paginate.backPage)}
      >
        {t('orders.prev')}
      </button>
      <span className="text-sm text-muted">{t('pager.page', { page })}</span>
      <button
        type="button"
        className={secondaryButton}
        disabled={paginate.nextPage === null}
        onClick={() => paginate.nextPage && onPage(paginate.nextPage)}
      >
        {t('orders.next')}
      </button>
    </nav>
  );
}
