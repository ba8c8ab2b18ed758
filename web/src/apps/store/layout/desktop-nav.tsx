import { NavLink } from 'react-router';
import { useSessionState } from '@/lib/session-store';
import { type CopyKey, t } from '@/lib/i18n';
import { paths } from '@/lib/paths';

const sections: Array<[string, CopyKey]> = [
  [paths.home, 'nav.home'],
  [paths.orders, 'nav.orders'],
  [paths.topup, 'nav.topup'],
  [paths.wallet, 'nav.wallet'],
  [paths.partners, 'nav.partners'],
];

const link =
  'inline-flex h-11 items-center rounded-xl px-3 text-sm font-bold whitespace-nowrap text-muted ' +
  'transition-colors hover:text-fg aria-[current=page]:bg-surface-2 aria-[current=page]:text-accent';

/** Desktop only (≥ 1024 px): the main sections in the header, where the phone has its bottom bar. */
export function DesktopNav() {
  const { user } = useSessionState();
  if (!user) return null;
  return (
    <nav aria-label={t('header.sections')} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {sections.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} end className={link}>
              {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
