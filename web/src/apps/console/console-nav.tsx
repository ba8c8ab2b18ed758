import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useSearchParams } from 'react-router';
import { menuItemClass } from '@/components/ui/menu-item';
import { useDisclosure } from '@/lib/disclosure';
import { useOperatorStats } from '@/features/console-queues/api';
import { type OperatorCopyKey, ot } from '@/lib/console/copy-ar';
import { adminPaths } from '@/lib/console/paths';
import { STOREFRONT_PARAM, useStaffStorefront } from '@/lib/console/storefronts';
import { useScrollEdges } from './scroll-hint';
import { SectionCount } from './section-count';

type Count = 'open_orders' | 'pending_charges' | 'low_stock_products';
/** `provider`: the provider's own work (catalog, fulfilment, storefronts), never a storefront's staff's. */
type Section = { to: string; label: OperatorCopyKey; count?: Count; end?: boolean; provider?: boolean };

/** The sections of a working day, always in the row. */
const daily: Section[] = [
  { to: adminPaths.dashboard, label: 'nav.dashboard', end: true },
  { to: adminPaths.orders, label: 'nav.orders', count: 'open_orders' },
  { to: adminPaths.topups, label: 'nav.topups', count: 'pending_charges' },
  { to: adminPaths.catalog, label: 'nav.catalog', count: 'low_stock_products', provider: true },
  { to: adminPaths.suppliers, label: 'nav.suppliers', provider: true },
  { to: adminPaths.users, label: 'nav.users' },
  { to: adminPaths.numbers, label: 'nav.numbers' },
];

/** The store's setup and the log: on a desktop they sit in «المزيد». */
const setup: Section[] = [
  { to: adminPaths.settings, label: 'nav.settings' },
  { to: adminPaths.sliders, label: 'nav.sliders' },
  { to: adminPaths.banks, label: 'nav.banks' },
  { to: adminPaths.partners, label: 'nav.partners' },
  { to: adminPaths.audit, label: 'nav.audit' },
  { to: adminPaths.storefronts, label: 'nav.storefronts', provider: true },
  { to: adminPaths.prices, label: 'nav.prices', provider: true },
];

/** The sections this operator works in: a storefront's staff see only their storefront's. */
function useSections(list: Section[]): Section[] {
  const staff = useStaffStorefront() !== null;
  return staff ? list.filter((s) => !s.provider) : list;
}

const tab =
  'flex shrink-0 items-center gap-1 whitespace-nowrap rounded-xl px-3 py-2 text-sm ' +
  'font-bold text-muted transition-colors hover:bg-surface-2 hover:text-fg ' +
  'aria-[current=page]:bg-surface-2 aria-[current=page]:text-accent';

const fade =
  'pointer-events-none absolute inset-y-0 flex w-14 items-center from-transparent via-surface/80 to-surface ' +
  'text-muted transition-opacity lg:hidden';

function SectionLink({ section, className = tab }: { section: Section; className?: string }) {
  const stats = useOperatorStats();
  // The picked storefront goes along from section to section.
  const [params] = useSearchParams();
  const storefront = params.get(STOREFRONT_PARAM);
  const search = storefront ? `?${new URLSearchParams({ [STOREFRONT_PARAM]: storefront })}` : '';
  return (
    <NavLink to={{ pathname: section.to, search }} end={section.end} className={className}>
      {ot(section.label)}
      {section.count ? (
        <SectionCount count={stats.data?.[section.count]} lowStock={section.count === 'low_stock_products'} />
      ) : null}
    </NavLink>
  );
}

/** «المزيد»: a disclosure closed by Escape, a click outside or any navigation (like the store's account menu). */
function MoreMenu() {
  const location = useLocation();
  const { open, listId, root, toggle } = useDisclosure<HTMLLIElement>();
  const sections = useSections(setup);
  const inside = sections.some((s) => location.pathname.startsWith(s.to));

  return (
    <li ref={root} className="relative hidden lg:block">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={toggle}
        className={`${tab}${inside ? ' bg-surface-2 text-accent' : ''}`}
      >
        {ot('nav.more')}
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul
          id={listId}
          className={
            'absolute end-0 top-11 z-40 grid w-56 gap-0.5 rounded-xl border border-line bg-surface p-1.5 ' + 'shadow-xl'
          }
        >
          {sections.map((s) => (
            <li key={s.to}>
              <SectionLink
                section={s}
                className={`${menuItemClass} aria-[current=page]:font-bold aria-[current=page]:text-accent`}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The console's sections in one row. A desktop shows the working day's sections and «المزيد» for
 * the store's setup; a phone scrolls every section sideways, with a fade at the edge that has
 * more, and brings the current one into view.
 */
export function ConsoleNav() {
  const row = useRef<HTMLUListElement>(null);
  const { before, after } = useScrollEdges(row);
  const { pathname } = useLocation();
  const days = useSections(daily);
  const setups = useSections(setup);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab is read from the DOM; it follows the path
  useEffect(() => {
    // jsdom has no scrollIntoView; a browser always does.
    row.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  return (
    <nav aria-label={ot('admin.nav')} className="relative min-w-0 flex-1">
      <ul ref={row} className="flex gap-1 overflow-x-auto px-2 py-2 [scrollbar-width:none] lg:overflow-visible lg:px-0">
        {days.map((s) => (
          <li key={s.to}>
            <SectionLink section={s} />
          </li>
        ))}
        {setups.map((s) => (
          <li key={s.to} className="lg:hidden">
            <SectionLink section={s} />
          </li>
        ))}
        <MoreMenu />
      </ul>
      <span
        aria-hidden="true"
        className={`${fade} start-0 ltr:bg-linear-to-l rtl:bg-linear-to-r ${before ? 'opacity-100' : 'opacity-0'}`}
      />
      <span
        aria-hidden="true"
        data-scroll-hint={after ? 'more' : undefined}
        className={`${fade} end-0 justify-end ltr:bg-linear-to-r rtl:bg-linear-to-l ${
          after ? 'opacity-100' : 'opacity-0'
        }`}
      >
        {/* A chevron towards the hidden sections: the fade alone reads as a cut. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 rtl:-scale-x-100"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M8 5l5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    </nav>
  );
}
