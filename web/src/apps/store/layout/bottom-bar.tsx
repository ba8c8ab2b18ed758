import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { BagIcon, HomeIcon } from '@/components/ui/icons';
import { useSettings } from '@/lib/settings';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { BalanceIcon } from './balance-icon';

function Item({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <li className="flex-1">
      <NavLink
        to={to}
        end
        className={
          'flex flex-col items-center gap-0.5 rounded-xl py-2 text-xs text-muted transition-colors ' +
          'hover:text-fg aria-[current=page]:font-bold aria-[current=page]:text-accent'
        }
      >
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );
}

/** Phones only: the three places customers return to most, within thumb reach. */
export function BottomBar() {
  const mode = useSettings().data?.setting.currency_mode;
  return (
    <nav
      aria-label={t('nav.quick')}
      className={
        'fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 ' +
        'pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden'
      }
    >
      <ul className="mx-auto flex max-w-md items-stretch px-2">
        <Item to={paths.wallet} label={t('nav.wallet')} icon={<BalanceIcon mode={mode} />} />
        <Item to={paths.home} label={t('nav.home')} icon={<HomeIcon />} />
        <Item to={paths.orders} label={t('nav.orders')} icon={<BagIcon />} />
      </ul>
    </nav>
  );
}
