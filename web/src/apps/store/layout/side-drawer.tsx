import { type KeyboardEvent, useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { ChatIcon, CloseIcon, HomeIcon } from '@/components/ui/icons';
import { useSession } from '@/features/auth/use-session';
import { useSettings } from '@/lib/settings';
import { useDismissKeys } from '@/lib/dismiss-keys';
import { whatsappHref } from '@/features/settings/links';
import { type CopyKey, t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { SocialLinks } from './social-links';
import { drawerLink } from './styles';
import { DRAWER_ID } from './top-bar';
import { IconButton } from '@/components/ui/icon-button';
import { Button } from '@/components/ui/button';

const FOCUSABLE = 'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])';

const signedInLinks: Array<[string, CopyKey]> = [
  [paths.profile, 'nav.profile'],
  [paths.orders, 'nav.orders'],
  [paths.topup, 'nav.topup'],
  [paths.topups, 'nav.topups'],
  [paths.wallet, 'nav.wallet'],
  [paths.partners, 'nav.partners'],
];

const guestLinks: Array<[string, CopyKey]> = [
  [paths.login, 'nav.login'],
  [paths.register, 'nav.register'],
];

function Item({ to, label }: { to: string; label: CopyKey }) {
  return (
    <li>
      <NavLink to={to} end className={drawerLink}>
        {t(label)}
      </NavLink>
    </li>
  );
}

/** Keeps Tab and Shift+Tab inside the open dialog, as a modal requires. */
function trapFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The side menu as a modal dialog sliding in from the inline start edge. It is only mounted while
 * open; the layout unmounts it on navigation, and Escape or the backdrop close it.
 */
export function SideDrawer({ onClose }: { onClose: () => void }) {
  const { user, logout } = useSession();
  const setting = useSettings().data?.setting;
  const closeRef = useRef<HTMLButtonElement>(null);
  const whatsapp = whatsappHref(setting?.whatsapp);
  // Number purchases exist only on stores that sell them online, and only for a customer.
  const showNumbers = Boolean(user && setting?.online);

  useEffect(() => {
    closeRef.current?.focus();
    // The page behind a modal must not scroll under the reader's finger.
    document.body.classList.add('overflow-hidden');
    return () => document.body.classList.remove('overflow-hidden');
  }, []);

  useDismissKeys(onClose);

  return (
    <div className="fixed inset-0 z-40">
      <div aria-hidden="true" className="absolute inset-0 animate-fade-in bg-overlay" onClick={onClose} />
      <div
        id={DRAWER_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby="drawer-title"
        onKeyDown={trapFocus}
        className={
          'absolute inset-y-0 start-0 flex w-80 max-w-[85vw] animate-drawer-in flex-col ' +
          'border-e border-line bg-surface shadow-2xl motion-reduce:animate-none'
        }
      >
        <div className="flex h-16 items-center justify-between border-b border-line ps-4 pe-2">
          <h2 id="drawer-title" className="truncate text-lg font-bold">
            {setting?.name || t('app.name')}
          </h2>
          <IconButton ref={closeRef} aria-label={t('nav.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>

        <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            <li>
              <NavLink to={paths.home} end className={drawerLink}>
                <HomeIcon className="size-5 text-muted" />
                {t('nav.home')}
              </NavLink>
            </li>
            {user ? signedInLinks.map(([to, label]) => <Item key={to} to={to} label={label} />) : null}
            {showNumbers ? <Item to={paths.numbers} label="nav.numbers" /> : null}
            {whatsapp ? (
              <li>
                <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={drawerLink}>
                  <ChatIcon className="size-5 text-accent" />
                  {t('nav.whatsappCharge')}
                </a>
              </li>
            ) : null}
            {user ? null : guestLinks.map(([to, label]) => <Item key={to} to={to} label={label} />)}
          </ul>
        </nav>

        <div className="flex flex-col gap-3 border-t border-line p-4">
          <SocialLinks setting={setting} />
          {user ? (
            <Button onClick={logout} variant="danger">
              {t('nav.logout')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
