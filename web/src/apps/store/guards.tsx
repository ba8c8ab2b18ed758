import { Navigate, Outlet, useLocation } from 'react-router';
import { landingAfterSignIn, originOf } from '@/features/auth/landing';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/lib/paths';
import { readPendingChallenge } from '@/lib/session';
import { useSessionState } from '@/lib/session-store';
import { useSettings } from '@/lib/settings';
import { NotFound } from './not-found';

/**
 * Layout route: /login, /register and the challenge make no sense once signed in. The session is
 * set a moment before the sign-in navigates, so this sends the user where the sign-in would.
 */
export function GuestOnly() {
  const { user, isLoading } = useSessionState();
  const origin = originOf(useLocation().state);
  if (isLoading) return <PageLoading />;
  if (user) return <Navigate to={landingAfterSignIn(user, origin)} replace />;
  return <Outlet />;
}

/** Layout route: the two-factor challenge needs the user id saved by the login step. */
export function RequirePendingChallenge() {
  if (!readPendingChallenge()) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/**
 * Layout route of /api-keys: only a customer the store gave API access has keys to manage; for
 * anyone else the address is unknown (the API refuses them too). The user is kept in step with
 * /me once per visit, so access turned on meanwhile shows after that read.
 */
export function RequireApiAccess() {
  const { user } = useSessionState();
  if (!user?.api_access || user.role !== 'customer') return <NotFound />;
  return <Outlet />;
}

/**
 * Layout route of /invoices: number purchases exist only while the store's `online` flag is on;
 * otherwise the address is as unknown as any other (the API refuses purchases too).
 */
export function RequireOnline() {
  const settings = useSettings();
  if (settings.isPending) return <PageLoading />;
  if (!settings.data?.setting.online) return <NotFound />;
  return <Outlet />;
}
