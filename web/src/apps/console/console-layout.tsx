import { Suspense, useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { FieldSizeContext } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/page-loading';
import { useSessionState } from '@/lib/session-store';
import { useSettings } from '@/lib/settings';
import { paths } from '@/lib/paths';
import { ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { textLinkClass } from '@/components/ui/text-link';
import { ConsoleNav } from './console-nav';
import { StorefrontPicker } from './storefront-picker';
import { useStorefrontParam } from '@/lib/console/storefronts';

/** The operator console's own shell: header, section tabs with live counts, and the two-factor nudge. */
export function ConsoleLayout() {
  const { user } = useSessionState();
  const settings = useSettings();
  const storefront = useStorefrontParam();
  useEffect(() => {
    // index.css places toasts under the console's header while it is shown.
    document.documentElement.dataset.console = '';
    return () => {
      delete document.documentElement.dataset.console;
    };
  }, []);
  return (
    <div className="min-h-dvh">
      {/* One row on a desktop (title, sections, back to the store); on a phone the sections scroll under the title. */}
      <header className="sticky top-0 z-30 border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 px-2 lg:flex-nowrap lg:px-4">
          <div className="flex min-w-0 flex-1 items-baseline gap-3 px-2 pt-3 lg:flex-none lg:px-0 lg:pt-0">
            <Link to={adminPaths.dashboard} className="text-lg font-bold whitespace-nowrap text-fg">
              {ot('admin.title')}
            </Link>
            <span className="truncate text-sm text-muted lg:hidden">{settings.data?.setting.name}</span>
          </div>
          <Link
            to={paths.home}
            className={`${textLinkClass} shrink-0 px-2 pt-3 text-sm whitespace-nowrap lg:order-last lg:px-0 lg:pt-0`}
          >
            {ot('admin.backToStore')}
          </Link>
          <div className="w-full min-w-0 lg:w-auto lg:flex-1">
            <ConsoleNav />
          </div>
        </div>
      </header>
      {user && !user.is_enable2fa ? (
        <div role="alert" className="border-b border-danger bg-danger-bg">
          <p className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm text-danger">
            <span>{ot('admin.twoFactor')}</span>
            <Link to={paths.enable2fa} className="font-bold underline underline-offset-4">
              {ot('admin.twoFactorLink')}
            </Link>
          </p>
        </div>
      ) : null}
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        {/* The console is denser than the store: its fields are the kit's medium ones. */}
        <FieldSizeContext value="md">
          <StorefrontPicker />
          <Suspense fallback={<PageLoading />}>
            {/* Another storefront is another page: no draft, open editor or page number carries over. */}
            <Outlet key={storefront ?? 'every'} />
          </Suspense>
        </FieldSizeContext>
      </main>
    </div>
  );
}
