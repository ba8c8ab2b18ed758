import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { useSettings } from '@/features/settings/api';
import { t } from '@/lib/i18n';
import { useCategories } from '../api';
import { CategoryGrid } from '../components/category-grid';
import { HomeSlider } from '../components/home-slider';
import { NewsMarquee } from '../components/news-marquee';
import { errorText, useErrorToast } from '../lib/use-error-toast';

/** /: slider, news line and the category grid (spec §2 Home). */
export default function HomeRoute() {
  const sliders = useSettings().data?.sliders ?? [];
  const categories = useCategories();
  useErrorToast(categories.error, 'categories-error');

  return (
    <Page title={t('nav.home')}>
      <div className="grid gap-5">
        <HomeSlider slides={sliders} />
        <NewsMarquee />
        {categories.isPending ? (
          <PageLoading />
        ) : categories.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-surface p-6 text-center text-danger">
            {errorText(categories.error)}
          </p>
        ) : (
          <CategoryGrid categories={categories.data} />
        )}
      </div>
    </Page>
  );
}
