import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { buttonClass } from '@/components/ui/button';

export function NotFound() {
  return (
    <Page title={t('notFound')}>
      <Link to={paths.home} className={buttonClass()}>
        {t('nav.home')}
      </Link>
    </Page>
  );
}
