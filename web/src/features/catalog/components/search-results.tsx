import { type ReactNode, useId } from 'react';
import { t } from '@/lib/i18n';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useCatalogSearch } from '../api';
import { CategoryCard, categoryGridClass } from './category-grid';
import { DepartmentCard } from './department-card';
import { ProductCard } from './product-card';

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-bold text-fg">
        {title} <span className="text-sm font-normal text-muted">({count})</span>
      </h3>
      <ul className={categoryGridClass}>{children}</ul>
    </section>
  );
}

/**
 * What the home search found for `q` (already settled: 500 ms after the last key), grouped by
 * kind: categories, then departments with the category each sits in, then products. No find
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
          <Group title={t('catalog.categories')} count={categories.length}>
            {categories.map((c) => (
              <li key={c.id} className="flex">
                <CategoryCard category={c} />
              </li>
            ))}
          </Group>
        ) : null}
        {departments.length > 0 ? (
          <Group title={t('catalog.departments')} count={departments.length}>
            {departments.map((d) => (
              <li key={d.id} className="flex">
                <DepartmentCard department={d} place={d.category_name} />
              </li>
            ))}
          </Group>
        ) : null}
        {products.length > 0 ? (
          <Group title={t('catalog.products')} count={products.length}>
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
