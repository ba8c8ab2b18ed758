import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { paths } from '@/lib/paths';
import { GuestOnly, RequireOnline, RequireOperator, RequirePendingChallenge, RequireUser } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './routes/not-found';
import { RootRouteError, RouteError } from './routes/route-error';

/** Each screen is its own chunk, fetched when its route first matches. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Not a route `lazy`: the router fetches those as soon as the path matches, before any guard
// renders. This chunk is fetched only when RequireOperator lets an operator through.
const AdminRoot = lazy(() => import('@/features/operator/routes/admin-root'));
function AdminArea() {
  return (
    <Suspense fallback={<PageLoading />}>
      <AdminRoot />
    </Suspense>
  );
}

/**
 * The route table of spec section 2. Guards are layout routes here, never inside screens:
 * a screen under RequireUser can assume a signed-in user.
 */
export const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoading,
    ErrorBoundary: RootRouteError,
    children: [
      {
        Component: AppLayout,
        children: [
          {
            Component: GuestOnly,
            ErrorBoundary: RouteError,
            children: [
              { path: paths.login, lazy: screen(() => import('@/features/auth/routes/login')) },
              { path: paths.register, lazy: screen(() => import('@/features/auth/routes/register')) },
              {
                Component: RequirePendingChallenge,
                children: [{ path: paths.challenge, lazy: screen(() => import('@/features/auth/routes/challenge')) }],
              },
            ],
          },
          {
            Component: RequireUser,
            ErrorBoundary: RouteError,
            children: [
              { path: paths.home, lazy: screen(() => import('@/features/catalog/routes/home')) },
              { path: paths.category, lazy: screen(() => import('@/features/catalog/routes/category')) },
              { path: paths.department, lazy: screen(() => import('@/features/catalog/routes/department')) },
              { path: paths.partners, lazy: screen(() => import('@/features/partners/routes/partners')) },
              { path: paths.orders, lazy: screen(() => import('@/features/orders/routes/orders')) },
              { path: paths.order, lazy: screen(() => import('@/features/orders/routes/order-detail')) },
              { path: paths.payments, lazy: screen(() => import('@/features/topup/routes/payments')) },
              { path: paths.charges, lazy: screen(() => import('@/features/topup/routes/charges')) },
              { path: paths.balances, lazy: screen(() => import('@/features/wallet/routes/balances')) },
              { path: paths.profile, lazy: screen(() => import('@/features/auth/routes/profile')) },
              { path: paths.notifications, lazy: screen(() => import('@/features/notifications/routes/notifications')) },
              { path: paths.enable2fa, lazy: screen(() => import('@/features/auth/routes/enable-2fa')) },
              {
                Component: RequireOnline,
                children: [{ path: paths.invoices, lazy: screen(() => import('@/features/invoices/routes/invoices')) }],
              },
            ],
          },
          {
            // Open to guests too: spec §6 lets a guest browse a product and see a login link
            // in place of the buy button; the screen itself offers no purchase without a user.
            path: paths.product,
            ErrorBoundary: RouteError,
            lazy: screen(() => import('@/features/catalog/routes/product')),
          },
          { path: '*', Component: NotFound },
        ],
      },
      {
        // The operator area has its own shell; its chunk is only fetched on /admin.
        Component: RequireUser,
        ErrorBoundary: RootRouteError,
        children: [
          { Component: RequireOperator, children: [{ path: paths.admin, Component: AdminArea }] },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
