import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { SkeletonCards } from '@/components/ui/skeleton';
import { useSettings } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { useCategories } from '../api';
import { CategoryGrid, CategorySearch } from '../components/category-grid';
import { HomeCover } from '../components/home-cover';
import { HomeSlider } from '../components/home-slider';
import { NewsMarquee } from '../components/news-marquee';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6';

/**
 * /: on a desktop the store's cover first; then the category search, slider, news line and the
 * category grid (docs/product-rules.md#screens Home).
 * The search lives in the address (?q=) so the header's search box and a shared link land here
 * already filtered. While categories load the frame and skeleton cards show at once.
 */
export default function HomeRoute() {
  const settings = useSettings().data;
  const sliders = settings?.sliders ?? [];
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const setSearch = (q: string) => setParams(q ? { q } : {}, { replace: true });

  return (
    <Page title={t('nav.home')}>
      <div className="grid gap-5">
        <HomeCover cover={settings?.setting.cover} name={settings?.setting.name ?? ''} />
        <CategorySearch value={search} onChange={setSearch} />
        <HomeSlider slides={sliders} />
        <NewsMarquee />
        {categories.isPending ? (
          <SkeletonCards count={6} className={GRID} itemClass="aspect-[3/4]" />
        ) : categories.isError ? (
          <LoadError
            what={t('load.what.categories')}
            error={categories.error}
            onRetry={() => void categories.refetch()}
          />
        ) : (
          <CategoryGrid categories={categories.data} search={search} onClear={() => setSearch('')} />
        )}
      </div>
    </Page>
  );
}
