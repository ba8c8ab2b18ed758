import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { textLinkClass } from '@/components/ui/text-link';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** The narrow centred card the guest screens (login, register, challenge) sit in. */
export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <Page title={title}>
        <Card padding="xl">{children}</Card>
      </Page>
    </div>
  );
}

/** The way back to the login screen, under a guest form that is not the login's. */
export function BackToLogin() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={paths.login} className={`${textLinkClass} inline-flex min-h-11 items-center`}>
        {t('2fa.back')}
      </Link>
    </p>
  );
}
