import type { Paginate } from '@raseed/contract';
import type { ReactNode } from 'react';
import { PageLoading } from '@/components/ui/page-loading';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { ot } from '../copy-ar';
import { errorLine, secondaryButton } from './styles';

/** Loading, failure (with the server's Arabic message) and empty states of a list, in one place. */
export function QueryState<T>({
  query,
  isEmpty,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean };
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) return <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">{ot('admin.empty')}</p>;
    return <>{children(query.data)}</>;
  }
  if (query.error) return <p className={errorLine}>{isApiError(query.error) ? query.error.msg : t('request.error')}</p>;
  return <PageLoading />;
}

/** Previous / next for the operator lists (plain page numbers). */
export function AdminPager({ page, paginate, onPage }: { page: number; paginate: Paginate | undefined; onPage: (p: number) => void }) {
  if (!paginate || (paginate.nextPage === null && paginate.backPage === null)) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-6 flex items-center justify-between gap-3">
      <button type="button" className={secondaryButton} disabled={paginate.backPage === null} onClick={() => paginate.backPage && onPage(paginate.backPage)}>
        {t('orders.prev')}
      </button>
      <span className="text-sm text-muted">{t('pager.page', { page })}</span>
      <button type="button" className={secondaryButton} disabled={paginate.nextPage === null} onClick={() => paginate.nextPage && onPage(paginate.nextPage)}>
        {t('orders.next')}
      </button>
    </nav>
  );
}
