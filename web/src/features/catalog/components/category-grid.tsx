import type { Category } from '@raseed/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { CatalogImage } from './catalog-image';
import { TextField } from '@/components/ui/text-field';
import { cardLink } from './styles';
import { UnavailableBadge } from './unavailable-badge';
import { EmptyState } from '@/components/ui/list-state';

export const categoryGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

export function CategoryCard({ category }: { category: Category }) {
  const body = (
    <>
      <CatalogImage src={category.img} className="aspect-square w-full" />
      <div className="flex flex-1 flex-col items-center gap-1.5 p-3 text-center">
        <span className="font-bold text-fg">{category.name}</span>
        {category.available ? null : <UnavailableBadge />}
      </div>
    </>
  );
  if (!category.available) {
    // Not a link: an unavailable category cannot be opened (docs/product-rules.md#screens).
    return <div className={`${cardLink} opacity-75 hover:border-line`}>{body}</div>;
  }
  return (
    <Link to={hrefs.category(category.id)} className={cardLink}>
      {body}
    </Link>
  );
}

/**
 * The search box of the home page; it sits above the slider so it is the first thing to use.
 * From 1280 px the header's search box is the page's one search (it drives this page's
 * results), so this one is hidden there: never two boxes on one screen.
 */
export function CategorySearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <search className="xl:hidden">
      <TextField
        id={id}
        label={t('search.placeholderAll')}
        hideLabel
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('search.placeholderAll')}
        maxLength={100}
        autoComplete="off"
      />
    </search>
  );
}

/** Every category card; the search's finds replace the grid while a search is typed (search-results.tsx). */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="sr-only">
        {t('catalog.categories')}
      </h2>
      {categories.length === 0 ? (
        <EmptyState message={t('section.empty')} />
      ) : (
        <ul className={categoryGridClass}>
          {categories.map((c) => (
            <li key={c.id} className="flex">
              <CategoryCard category={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
