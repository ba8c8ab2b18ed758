import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { CountBadge } from '@/components/ui/badge';
import { FieldSizeContext } from '@/components/ui/field';
import { PageLoading } from '@/components/ui/page-loading';
import { useSessionState } from '@/lib/session-store';
import { useSettings } from '@/lib/settings';
import { paths } from '@/lib/paths';
import { useOperatorStats } from '@/features/console-queues/api';
import { type OperatorCopyKey, ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { textLinkClass } from '@/components/ui/text-link';

type Count = 'open_orders' | 'pending_charges' | 'low_stock_products';

const sections: Array<{ to: string; label: OperatorCopyKey; count?: Count; end?: boolean }> = [
  { to: adminPaths.dashboard, label: 'nav.dashboard', end: true },
  { to: adminPaths.orders, label: 'nav.orders', count: 'open_orders' },
  { to: adminPaths.topups, label: 'nav.topups', count: 'pending_charges' },
  { to: adminPaths.catalog, label: 'nav.catalog', count: 'low_stock_products' },
  { to: adminPaths.suppliers, label: 'nav.suppliers' },
  { to: adminPaths.settings, label: 'nav.settings' },
  { to: adminPaths.sliders, label: 'nav.sliders' },
  { to: adminPaths.banks, label: 'nav.banks' },
  { to: adminPaths.partners, label: 'nav.partners' },
  { to: adminPaths.users, label: 'nav.users' },
  { to: adminPaths.numbers, label: 'nav.numbers' },
  { to: adminPaths.audit, label: 'nav.audit' },
];

const tab =
  'flex shrink-0 items-center gap-2 whitespace-nowrap rounded-xl px-3 py-2 text-sm ' +
  'font-bold text-muted transition-colors hover:bg-surface-2 hover:text-fg ' +
  'aria-[current=page]:bg-surface-2 aria-[current=page]:text-accent';

/**
 * A number waiting in a section; the low-stock one is a warning and says what it counts.
 * `relative` keeps its sr-only text inside the scrolling nav: unanchored, it widened the whole page.
 */
function SectionCount({ count, lowStock }: { count: number; lowStock: boolean }) {
  if (!lowStock) return <CountBadge>{count}</CountBadge>;
  const label = ot('nav.lowStock', { count });
  return (
    <CountBadge tone="danger" className="relative" title={label}>
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label}</span>
    </CountBadge>
  );
}

/** The operator console's own shell: header, section tabs with live counts, and the two-factor nudge. */
export function ConsoleLayout() {
  const { user } = useSessionState();
  const settings = useSettings();
  const stats = useOperatorStats();
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-30 border-b border-line bg-surface">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 pt-3">
          <div className="flex min-w-0 items-baseline gap-3">
            <Link to={adminPaths.dashboard} className="text-lg font-bold text-fg md:text-xl">
              {ot('admin.title')}
            </Link>
            <span className="truncate text-sm text-muted">{settings.data?.setting.name}</span>
          </div>
          <Link to={paths.home} className={`${textLinkClass} shrink-0 text-sm`}>
            {ot('admin.backToStore')}
          </Link>
        </div>
        <nav aria-label={ot('admin.nav')} className="mx-auto max-w-7xl overflow-x-auto px-2 py-2">
          {/* Twelve sections: a phone scrolls them sideways, a desktop wraps them so every one is in sight. */}
          <ul className="flex gap-1 lg:flex-wrap">
            {sections.map((s) => {
              const count = s.count ? stats.data?.[s.count] : undefined;
              return (
                <li key={s.to}>
                  <NavLink to={s.to} end={s.end} className={tab}>
                    {ot(s.label)}
                    {count ? <SectionCount count={count} lowStock={s.count === 'low_stock_products'} /> : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
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
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </FieldSizeContext>
      </main>
    </div>
  );
}
