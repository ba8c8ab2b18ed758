import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '@/lib/i18n';
import { useSessionState } from '@/lib/session-store';
import { BottomBar } from './bottom-bar';
import { SideDrawer } from './side-drawer';
import { TopBar } from './top-bar';

// Below the fold on every screen: its code and its bank list load after the first paint.
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));
// The customer's live updates (header balance, bell) on every screen; not needed for the first paint.
const LiveStream = lazy(() => import('@/features/push/live-updates').then((m) => ({ default: m.LiveStream })));

/** The store shell: fixed top bar, side drawer, the screen, the footer, and the phone's bottom bar. */
export function AppLayout() {
  const location = useLocation();
  const { token } = useSessionState();
  // The drawer belongs to the page it was opened on: any navigation (a new location key) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const drawerOpen = openOn === location.key;
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  const openDrawer = useCallback(() => setOpenOn(location.key), [location.key]);
  const closeDrawer = useCallback(() => {
    setOpenOn(null);
    menuButtonRef.current?.focus();
  }, []);

  return (
    <>
      <a
        href="#main"
        className={
          'sr-only z-50 rounded-lg bg-accent px-4 py-2 font-bold text-accent-fg ' +
          'focus:not-sr-only focus:fixed focus:top-2 focus:start-2'
        }
      >
        {t('skip.toContent')}
      </a>
      <TopBar menuOpen={drawerOpen} onOpenMenu={openDrawer} menuButtonRef={menuButtonRef} />
      {drawerOpen ? <SideDrawer onClose={closeDrawer} /> : null}
      {/* Padding clears the fixed bars: 4rem top bar, 4.5rem bottom bar on phones. */}
      <main id="main" tabIndex={-1} className="min-h-dvh px-4 pt-22 pb-10 outline-none md:px-6 md:pb-12">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
        {/* Keyed by the session: another sign-in in this tab gets its own stream. */}
        {token ? <LiveStream key={token} /> : null}
      </Suspense>
      <BottomBar />
    </>
  );
}
