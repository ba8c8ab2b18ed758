import type { Category } from '@raseed/contract';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { CatalogImage } from './catalog-image';
import { TextField } from '@/components/ui/text-field';
import { cardLink } from './styles';
import { UnavailableBadge } from './unavailable-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/list-state';

function CategoryCard({ category }: { category: Category }) {
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

/** A category matches on its name or its keywords (a Latin name: "pubg" finds ببجي), ignoring case. */
export function matchesCategory(category: Category, needle: string): boolean {
  const q = needle.trim().toLocaleLowerCase();
  if (!q) return true;
  return category.name.toLocaleLowerCase().includes(q) || category.keywords.toLocaleLowerCase().includes(q);
}

/** The search box of the home page; it sits above the slider so it is the first thing to use. */
export function CategorySearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <search>
      <TextField
        id={id}
        label={t('search.placeholder')}
        hideLabel
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('search.placeholder')}
        maxLength={100}
        autoComplete="off"
      />
    </search>
  );
}

/** The category cards, filtered by the search 500 ms after the last key; no match offers the way back. */
export function CategoryGrid({
  categories,
  search,
  onClear,
}: {
  categories: Category[];
  search: string;
  onClear: () => void;
}) {
  const titleId = useId();
  const settled = useDebouncedValue(search);
  const shown = useMemo(() => categories.filter((c) => matchesCategory(c, settled)), [categories, settled]);

  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <h2 id={titleId} className="sr-only">
        {t('catalog.categories')}
      </h2>
      {categories.length === 0 ? (
        <EmptyState message={t('section.empty')} />
      ) : shown.length === 0 ? (
        <Card padding="lg" className="grid justify-items-center gap-3 text-center">
          <p className="font-bold text-fg">{t('search.noResults')}</p>
          <p className="text-sm text-muted">{t('search.noResultsFor', { q: settled.trim() })}</p>
          <Button onClick={onClear} variant="secondary">
            {t('search.showAll')}
          </Button>
        </Card>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
          {shown.map((c) => (
            <li key={c.id} className="flex">
              <CategoryCard category={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
