import { type ReactNode, useId } from 'react';
import { t } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonCards } from '@/components/ui/skeleton';
import { Link } from 'react-router';
import { hrefs } from '@/lib/paths';
import { useCatalogSearch } from '../api';
import { CatalogImage } from './catalog-image';
import { categoryGridClass } from './category-grid';
import { ProductCard } from './product-card';
import { UnavailableBadge } from './unavailable-badge';

/** Places (categories, departments) as short rows, so the products found show on a phone's first screen. */
const rowsClass = 'grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3';
const rowClass =
  'flex w-full items-center gap-3 rounded-2xl border border-line bg-surface p-2 shadow-sm shadow-black/10 ' +
  'transition-colors hover:border-accent focus-visible:border-accent';

function Group({ title, count, list, children }: { title: string; count: number; list: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-bold text-fg">
        {title} <span className="text-sm font-normal text-muted">({count})</span>
      </h3>
      <ul className={list}>{children}</ul>
    </section>
  );
}

/** A found category or department: its picture, name and (for a department) its category; a link when it opens. */
function PlaceRow({ to, img, name, place }: { to: string | null; img: string | null; name: string; place?: string }) {
  const body = (
    <>
      <CatalogImage src={img} className="size-12 shrink-0 rounded-xl" />
      <span className="grid min-w-0 gap-0.5 text-start">
        <span className="font-bold text-fg">{name}</span>
        {place ? <span className="text-sm text-muted">{place}</span> : null}
      </span>
      {to ? null : (
        <span className="ms-auto shrink-0">
          <UnavailableBadge />
        </span>
      )}
    </>
  );
  if (!to) return <div className={`${rowClass} opacity-75 hover:border-line`}>{body}</div>;
  return (
    <Link to={to} className={rowClass}>
      {body}
    </Link>
  );
}

/**
 * What the home search found for `q` (already settled: 500 ms after the last key), grouped by
 * kind: categories and departments (with the category each sits in) as short rows, then the
 * products as cards, so on a phone the products found start on the first screen. No find
 * says so and offers every category again; a failed search says what failed with a retry.
 */
export function SearchResults({ q, onClear }: { q: string; onClear: () => void }) {
  const titleId = useId();
  const search = useCatalogSearch(q);

  let body: ReactNode;
  if (search.isPending) {
    body = <SkeletonCards count={6} className={categoryGridClass} itemClass="aspect-[3/4]" />;
  } else if (search.isError) {
    body = <LoadError what={t('search.what')} error={search.error} onRetry={() => void search.refetch()} />;
  } else {
    const { categories, departments, products } = search.data;
    const total = categories.length + departments.length + products.length;
    body = (
      <>
        <p role="status" className="text-sm text-muted">
          {t('search.count', { n: total })}
        </p>
        {total === 0 ? (
          <Card padding="lg" className="grid justify-items-center gap-3 text-center">
            <p className="font-bold text-fg">{t('search.noResults')}</p>
            <p className="text-sm text-muted">{t('search.noResultsFor', { q: q.trim() })}</p>
            <Button onClick={onClear} variant="secondary">
              {t('search.showAll')}
            </Button>
          </Card>
        ) : null}
        {categories.length > 0 ? (
          <Group title={t('catalog.categories')} count={categories.length} list={rowsClass}>
            {categories.map((c) => (
              <li key={c.id} className="flex">
                {/* An unavailable category cannot be opened (docs/product-rules.md#screens). */}
                <PlaceRow to={c.available ? hrefs.category(c.id) : null} img={c.img} name={c.name} />
              </li>
            ))}
          </Group>
        ) : null}
        {departments.length > 0 ? (
          <Group title={t('catalog.departments')} count={departments.length} list={rowsClass}>
            {departments.map((d) => (
              <li key={d.id} className="flex">
                <PlaceRow to={hrefs.department(d.id)} img={d.img} name={d.name} place={d.category_name} />
              </li>
            ))}
          </Group>
        ) : null}
        {products.length > 0 ? (
          <Group title={t('catalog.products')} count={products.length} list={categoryGridClass}>
            {products.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard product={p} />
              </li>
            ))}
          </Group>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} aria-busy={search.isFetching} className="grid gap-5">
      <h2 id={titleId} className="text-xl font-bold text-fg">
        {t('search.results')}
      </h2>
      {body}
    </section>
  );
}
