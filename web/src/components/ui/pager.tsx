import { t } from '@/lib/i18n';
import { Button } from './button';

/** What a paged reply says about its neighbours: numbered pages, or keyset pages with their cursors. */
type Paging = { nextPage: number | null; backPage: number | null };

type PagerProps<P extends Paging> = {
  page: number;
  paginate: P | undefined;
} & (
  | {
      /** Numbered pages (the console's lists): go to this page. */
      onPage: (page: number) => void;
    }
  | {
      /** Keyset pages (the store's lists): the reply holds the cursor to move from. */
      onNext: (paginate: P) => void;
      onBack: (paginate: P) => void;
    }
);

/** Previous / next buttons of a paged list, in the store and the console; hidden when the list fits on one page. */
export function Pager<P extends Paging>(props: PagerProps<P>) {
  const { page, paginate } = props;
  if (!paginate || (paginate.nextPage === null && paginate.backPage === null)) return null;
  const back = () => {
    if ('onBack' in props) props.onBack(paginate);
    else if (paginate.backPage !== null) props.onPage(paginate.backPage);
  };
  const next = () => {
    if ('onNext' in props) props.onNext(paginate);
    else if (paginate.nextPage !== null) props.onPage(paginate.nextPage);
  };
  return (
    <nav aria-label={t('pager.label')} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" className="min-w-24" disabled={paginate.backPage === null} onClick={back}>
        {t('orders.prev')}
      </Button>
      <span className="text-sm text-muted" aria-live="polite">
        {t('pager.page', { page })}
      </span>
      <Button variant="secondary" className="min-w-24" disabled={paginate.nextPage === null} onClick={next}>
        {t('orders.next')}
      </Button>
    </nav>
  );
}
