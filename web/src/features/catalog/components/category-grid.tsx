import type { Category } from '@raseed/contract';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { t } from '@/lib/i18n';
import { hrefs } from '@/lib/paths';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { CatalogImage } from './catalog-image';
import { cardLink, input } from './styles';
import { UnavailableBadge } from './unavailable-badge';

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
    // Not a link: an unavailable category cannot be opened (spec §2).
    return <div className={`${cardLink} opacity-75 hover:border-line`}>{body}</div>;
  }
  return (
    <Link to={hrefs.category(category.id)} className={cardLink}>
      {body}
    </Link>
  );
}

/** Categories with a name search: case-insensitive, applied 500 ms after the last key. */
export function CategoryGrid({ categories }: { categories: Category[] }) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search);
  const shown = useMemo(() => {
    const needle = settled.trim().toLocaleLowerCase();
    return needle ? categories.filter((c) => c.name.toLocaleLowerCase().includes(needle)) : categories;
  }, [categories, settled]);

  return (
    <section aria-labelledby={`${searchId}-title`} className="grid gap-4">
      <h2 id={`${searchId}-title`} className="sr-only">
        {t('catalog.categories')}
      </h2>
      <div>
        <label htmlFor={searchId} className="sr-only">
          {t('search.placeholder')}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('search.placeholder')}
          maxLength={100}
          autoComplete="off"
          className={input}
        />
      </div>
      {shown.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">{t('section.empty')}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
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
