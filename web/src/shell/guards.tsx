import { useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { useSessionState } from '@/lib/session-store';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';

/** Spec: protected routes give the stored user about 100 ms to load before sending a guest away. */
export const SESSION_WAIT_MS = 100;

function useGraceElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(id);
  }, [ms]);
  return elapsed;
}

/** Layout route: signed-in customers only; guests end at /login, which remembers where they were. */
export function RequireUser() {
  const { user, isLoading } = useSessionState();
  const location = useLocation();
  const graceElapsed = useGraceElapsed(SESSION_WAIT_MS);

  if (user) return <Outlet />;
  if (isLoading || !graceElapsed) return <PageLoading />;
  return <Navigate to={paths.login} replace state={{ from: location }} />;
}

/**
 * Layout route of /admin: operators only. Declared before the console's lazy route, so a customer
 * who opens /admin is told so without downloading any of the console (the server refuses every
 * operator call anyway).
 */
export function RequireOperator() {
  const { user } = useSessionState();
  if (user?.role === 'operator') return <Outlet />;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-lg font-bold text-fg">{t('admin.forbidden')}</p>
      <Link to={paths.home} className="font-bold text-accent underline-offset-4 hover:underline">
        {t('nav.home')}
      </Link>
    </main>
  );
}
