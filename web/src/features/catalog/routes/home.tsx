import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { NewsMarquee } from '../components/news-marquee';

/** /: slider, news line and the category grid (spec §2 Home). */
export default function HomeRoute() {
  return (
    <Page title={t('nav.home')}>
      <NewsMarquee />
    </Page>
  );
}
