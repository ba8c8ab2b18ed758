import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { RequireUser } from '@/shell/guards';
import { caught, screen } from '@/shell/lazy-screen';
import { RouteError } from '@/shell/route-error';
import { GuestOnly, RequireApiAccess, RequireOnline, RequirePendingChallenge } from './guards';
import { AppLayout } from './layout/app-layout';
import { NotFound } from './not-found';

/**
 * The store's route table (spec section 2), under its layout. Guards are layout routes here,
 * never inside screens: a screen under RequireUser can assume a signed-in user.
 */
export const storeRoutes: RouteObject = {
  element: <AppLayout />,
  children: [
    {
      element: caught(<GuestOnly />, RouteError),
      children: [
        { path: paths.login, element: screen(() => import('@/features/auth/routes/login')) },
        { path: paths.register, element: screen(() => import('@/features/auth/routes/register')) },
        { path: paths.forgotPassword, element: screen(() => import('@/features/auth/routes/forgot-password')) },
        {
          element: <RequirePendingChallenge />,
          children: [{ path: paths.challenge, element: screen(() => import('@/features/auth/routes/challenge')) }],
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
        { path: paths.orders, element: screen(() => import('./screens/orders')) },
        { path: paths.order, element: screen(() => import('@/features/orders/routes/order-detail')) },
        { path: paths.topup, element: screen(() => import('@/features/topup/routes/new-topup')) },
        { path: paths.topups, element: screen(() => import('@/features/topup/routes/topups')) },
        { path: paths.wallet, element: screen(() => import('@/features/wallet/routes/wallet')) },
        { path: paths.profile, element: screen(() => import('./screens/profile')) },
        { path: paths.notifications, element: screen(() => import('@/features/notifications/routes/notifications')) },
        { path: paths.enable2fa, element: screen(() => import('@/features/auth/routes/enable-2fa')) },
        {
          element: <RequireApiAccess />,
          children: [{ path: paths.apiKeys, element: screen(() => import('@/features/api-keys/routes/api-keys')) }],
        },
        {
          element: <RequireOnline />,
          children: [{ path: paths.numbers, element: screen(() => import('@/features/numbers/routes/numbers')) }],
        },
      ],
    },
    {
      // Open to guests too: docs/product-rules.md#roles lets a guest browse a product and see a login link
      // in place of the buy button; the screen itself offers no purchase without a user.
      path: paths.product,
      element: caught(
        screen(() => import('./screens/product')),
        RouteError,
      ),
    },
    {
      // Open to a signed-in visitor too: the e-mail's link must not be lost to GuestOnly's redirect.
      path: paths.resetPassword,
      element: caught(
        screen(() => import('@/features/auth/routes/reset-password')),
        RouteError,
      ),
    },
    { path: '*', element: <NotFound /> },
  ],
};
