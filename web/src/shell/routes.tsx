import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { storeRoutes } from '@/apps/store/routes';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/lib/paths';
import { RequireOperator, RequireUser } from './guards';
import { caught, useScreens } from './lazy-screen';
import { RootRouteError } from './route-error';

// Declarative routes (`useRoutes` under a BrowserRouter), not the data router: the store loads no
// data through route loaders, and the data router alone is ~17 KB gzip of the first screen.

// The console app: fetched only when RequireOperator lets an operator through (never preloaded on a match).
const ConsoleApp = lazy(() => import('@/apps/console/admin-console'));
const consoleApp = (
  <Suspense fallback={<PageLoading />}>
    <ConsoleApp />
  </Suspense>
);

/**
 * The two apps of the site: the store (spec section 2, apps/store/routes.tsx) and, under /admin,
 * the operator console with its own shell. Guards are layout routes, never inside screens.
 */
export const routes: RouteObject[] = [
  {
    element: caught(<Outlet />, RootRouteError),
    children: [
      storeRoutes,
      {
        // The console has its own shell; its chunk is only fetched on /admin.
        element: caught(<RequireUser />, RootRouteError),
        children: [{ element: <RequireOperator />, children: [{ path: paths.admin, element: consoleApp }] }],
      },
    ],
  },
];

/** The site's screens for the current location; rendered inside a BrowserRouter (or a MemoryRouter in tests). */
export function AppRoutes() {
  return useScreens(routes);
}
