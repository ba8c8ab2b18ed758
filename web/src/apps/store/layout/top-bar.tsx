import type { Ref } from 'react';
import { Link } from 'react-router';
import { MenuIcon, WalletIcon } from '@/components/ui/icons';
import { useSessionState } from '@/lib/session-store';
import { useSettings } from '@/lib/settings';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { AccountMenu } from './account-menu';
import { DesktopNav } from './desktop-nav';
import { HeaderSearch } from './header-search';
import { NotificationsBell } from './notifications-bell';
import { ThemeToggle } from './theme-toggle';
import { IconButton } from '@/components/ui/icon-button';

type TopBarProps = {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
};

export const DRAWER_ID = 'site-drawer';

export function TopBar({ menuOpen, onOpenMenu, menuButtonRef }: TopBarProps) {
  const { user } = useSessionState();
  const setting = useSettings().data?.setting;
  const siteName = setting?.name || t('app.name');
  const balance = user ? formatCurrency(user.balance, 'USD') : '';

  return (
    <header className="fixed inset-x-0 top-0 z-30 h-16 border-b border-line bg-surface/90 backdrop-blur-md">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-1 px-2 sm:gap-2 md:px-6">
        <IconButton
          ref={menuButtonRef}
          aria-label={t('nav.menu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          // Only point at the drawer while it exists; a dangling idref is an accessibility error.
          aria-controls={menuOpen ? DRAWER_ID : undefined}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </IconButton>

        <Link
          to={paths.home}
          className="flex shrink-0 items-center gap-2 rounded-lg px-1 text-lg font-bold whitespace-nowrap text-fg"
        >
          {setting?.logo ? (
            <img src={setting.logo} alt="" width={32} height={32} className="size-8 shrink-0 rounded-lg object-cover" />
          ) : null}
          {/* Never cut: the store's name is what a customer checks before paying. */}
          <span>{siteName}</span>
        </Link>

        <DesktopNav />

        <div className="ms-auto flex shrink-0 items-center gap-0.5 sm:gap-1">
          <HeaderSearch />
          {user ? (
            <Link
              to={paths.wallet}
              // The visible amount stays inside the name, so voice control users can say what they see.
              aria-label={`${t('wallet.label')}: ${balance}`}
              className={
                'inline-flex h-11 items-center gap-2 rounded-full border border-line bg-surface-2 px-3 ' +
                'text-sm font-bold whitespace-nowrap text-fg transition-colors hover:border-accent'
              }
            >
              <WalletIcon className="hidden size-5 text-accent min-[400px]:block" />
              <span>{balance}</span>
            </Link>
          ) : null}
          <AccountMenu />
          <NotificationsBell />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
