import { Link } from 'react-router';
import { useDisclosure } from '@/lib/disclosure';
import { useSession } from '@/features/auth/use-session';
import { formatCurrency } from '@/lib/format';
import { type CopyKey, t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { menuItemClass, MenuItemButton } from '@/components/ui/menu-item';

const items: Array<[string, CopyKey]> = [
  [paths.profile, 'nav.profile'],
  [paths.orders, 'nav.orders'],
  [paths.topups, 'nav.topups'],
  [paths.wallet, 'nav.wallet'],
  [paths.notifications, 'nav.notifications'],
];

/**
 * Desktop account menu: the name in view beside the balance link, the balance and the account
 * pages one click away.
 * A disclosure (button + list), closed by Escape, a click outside or any navigation.
 */
export function AccountMenu() {
  const { user, logout } = useSession();
  const { open, listId, root, toggle } = useDisclosure<HTMLDivElement>();

  if (!user) return null;
  return (
    <div ref={root} className="relative hidden lg:block">
      <Button
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={toggle}
        variant="secondary"
        className="text-sm"
      >
        <span className="sr-only">{t('account.menu')}: </span>
        <span className="max-w-32 truncate">{user.name}</span>
      </Button>
      {open ? (
        <ul
          id={listId}
          className={
            'absolute end-0 top-12 z-40 grid w-56 gap-0.5 rounded-xl border ' + 'border-line bg-surface p-1.5 shadow-xl'
          }
        >
          <li className="border-b border-line px-3 pt-1 pb-2 text-sm text-muted">
            {t('account.balance')}: <span className="font-bold text-accent">{formatCurrency(user.balance, 'USD')}</span>
          </li>
          {items.map(([to, label]) => (
            <li key={to}>
              <Link to={to} className={menuItemClass}>
                {t(label)}
              </Link>
            </li>
          ))}
          <li>
            <MenuItemButton danger onClick={logout}>
              {t('nav.logout')}
            </MenuItemButton>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
