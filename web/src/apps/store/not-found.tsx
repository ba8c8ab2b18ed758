import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';

export function NotFound() {
  return (
    <Page title={t('notFound')}>
      <Link
        to={paths.home}
        className="inline-flex rounded-xl bg-accent px-5 py-2.5 font-bold text-accent-fg hover:bg-accent-strong"
      >
        {t('nav.home')}
      </Link>
    </Page>
  );
}
