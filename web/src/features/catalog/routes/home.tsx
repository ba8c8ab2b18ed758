import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useSettings } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { useCategories } from '../api';
import { CategoryGrid, CategorySearch, categoryGridClass } from '../components/category-grid';
import { HomeCover } from '../components/home-cover';
import { HomeSlider } from '../components/home-slider';
import { NewsMarquee } from '../components/news-marquee';
import { SearchResults } from '../components/search-results';
import { useDebouncedValue } from '../lib/use-debounced-value';

/**
 * /: on a desktop the store's cover first; then the search, slider, news line and the category
 * grid (docs/product-rules.md#screens Home).
 * The search lives in the address (?q=) so the header's search box and a shared link land here
 * already searched; 500 ms after the last key its finds (categories, departments, products)
 * take the place of the slider and the grid, right under the box. While categories load the
 * frame and skeleton cards show at once.
 */
export default function HomeRoute() {
  const settings = useSettings().data;
  const sliders = settings?.sliders ?? [];
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const settled = useDebouncedValue(search).trim();
  const setSearch = (q: string) => setParams(q ? { q } : {}, { replace: true });

  return (
    <Page title={t('nav.home')}>
      <div className="grid gap-5">
        <HomeCover cover={settings?.setting.cover} name={settings?.setting.name ?? ''} />
        <CategorySearch value={search} onChange={setSearch} />
        {settled && search.trim() ? (
          <SearchResults q={settled} onClear={() => setSearch('')} />
        ) : (
          <>
            <HomeSlider slides={sliders} />
            <NewsMarquee />
            {categories.isPending ? (
              <SkeletonCards count={6} className={categoryGridClass} itemClass="aspect-[3/4]" />
            ) : categories.isError ? (
              <LoadError
                what={t('load.what.categories')}
                error={categories.error}
                onRetry={() => void categories.refetch()}
              />
            ) : (
              <CategoryGrid categories={categories.data} />
            )}
          </>
        )}
      </div>
    </Page>
  );
}
