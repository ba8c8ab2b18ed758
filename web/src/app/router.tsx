import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, Outlet, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/lib/paths';
import { GuestOnly, RequireOnline, RequireOperator, RequirePendingChallenge, RequireUser } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './routes/not-found';
import { RootRouteError, RouteError } from './routes/route-error';
import { RouteErrorBoundary } from './routes/route-error-boundary';

// Declarative routes (`useRoutes` under a BrowserRouter), not the data router: the store loads no
// data through route loaders, and the data router alone is ~17 KB gzip of the first screen.

let screens = 0;
/** How to start downloading the chunk of a route's element, as soon as the route matches. */
const preloads = new WeakMap<object, () => void>();

/**
 * Each screen is its own chunk, fetched as soon as its route matches (as the data router did),
 * while the session is read and the guards decide. Its own Suspense (keyed), so moving to a
 * screen not yet downloaded shows the loading state at once and ends the old screen.
 */
function screen(load: () => Promise<{ default: ComponentType }>): ReactNode {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load();
    return loading;
  };
  const Screen = lazy(start);
  const element = (
    <Suspense key={`screen-${++screens}`} fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
  preloads.set(element, () => void start().catch(() => undefined));
  return element;
}

/** A screen that throws (or whose chunk fails to download) is replaced by `fallback`, not a blank page. */
function caught(element: ReactNode, fallback: ComponentType<{ error: unknown }>): ReactNode {
  const wrapped = <RouteErrorBoundary fallback={fallback}>{element}</RouteErrorBoundary>;
  const preload = typeof element === 'object' && element !== null ? preloads.get(element) : undefined;
  if (preload) preloads.set(wrapped, preload);
  return wrapped;
}

// Fetched only when RequireOperator lets an operator through (never preloaded on a match).
const AdminRoot = lazy(() => import('@/features/operator/routes/admin-root'));
const adminArea = (
  <Suspense fallback={<PageLoading />}>
    <AdminRoot />
  </Suspense>
);

/**
 * The route table of spec section 2. Guards are layout routes here, never inside screens:
 * a screen under RequireUser can assume a signed-in user.
 */
export const routes: RouteObject[] = [
  {
    element: caught(<Outlet />, RootRouteError),
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            element: caught(<GuestOnly />, RouteError),
            children: [
              { path: paths.login, element: screen(() => import('@/features/auth/routes/login')) },
              { path: paths.register, element: screen(() => import('@/features/auth/routes/register')) },
              {
                element: <RequirePendingChallenge />,
                children: [
                  { path: paths.challenge, element: screen(() => import('@/features/auth/routes/challenge')) },
                ],
              },
            ],
          },
          {
            element: caught(<RequireUser />, RouteError),
            children: [
              { path: paths.home, element: screen(() => import('@/features/catalog/routes/home')) },
              { path: paths.category, element: screen(() => import('@/features/catalog/routes/category')) },
              { path: paths.department, element: screen(() => import('@/features/catalog/routes/department')) },
              { path: paths.partners, element: screen(() => import('@/features/partners/routes/partners')) },
              { path: paths.orders, element: screen(() => import('@/features/orders/routes/orders')) },
              { path: paths.order, element: screen(() => import('@/features/orders/routes/order-detail')) },
              { path: paths.payments, element: screen(() => import('@/features/topup/routes/payments')) },
              { path: paths.charges, element: screen(() => import('@/features/topup/routes/charges')) },
              { path: paths.balances, element: screen(() => import('@/features/wallet/routes/balances')) },
              { path: paths.profile, element: screen(() => import('@/features/auth/routes/profile')) },
              {
                path: paths.notifications,
                element: screen(() => import('@/features/notifications/routes/notifications')),
              },
              { path: paths.enable2fa, element: screen(() => import('@/features/auth/routes/enable-2fa')) },
              {
                element: <RequireOnline />,
                children: [
                  { path: paths.invoices, element: screen(() => import('@/features/invoices/routes/invoices')) },
                ],
              },
            ],
          },
          {
            // Open to guests too: docs/product-rules.md#roles lets a guest browse a product and see a login link
            // in place of the buy button; the screen itself offers no purchase without a user.
            path: paths.product,
            element: caught(
              screen(() => import('@/features/catalog/routes/product')),
              RouteError,
            ),
          },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        // The operator area has its own shell; its chunk is only fetched on /admin.
        element: caught(<RequireUser />, RootRouteError),
        children: [{ element: <RequireOperator />, children: [{ path: paths.admin, element: adminArea }] }],
      },
    ],
  },
];

/** The store's screens for the current location; rendered inside a BrowserRouter (or a MemoryRouter in tests). */
export function AppRoutes() {
  const location = useLocation();
  for (const match of matchRoutes(routes, location) ?? []) {
    const element = match.route.element;
    if (typeof element === 'object' && element !== null) preloads.get(element)?.();
  }
  return useRoutes(routes);
}
