import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { ConsoleLayout } from './console-layout';

// Every console screen is a chunk of its own, fetched when first opened.
const Dashboard = lazy(() => import('@/features/console-dashboard/routes/dashboard'));
const OrdersQueue = lazy(() => import('@/features/console-queues/routes/orders-queue'));
const TopupDetail = lazy(() => import('@/features/console-queues/routes/topup-detail'));
const TopupsQueue = lazy(() => import('@/features/console-queues/routes/topups-queue'));
const Categories = lazy(() => import('@/features/console-catalog/routes/catalog-categories'));
const Category = lazy(() => import('@/features/console-catalog/routes/catalog-category'));
const ProductEditor = lazy(() => import('@/features/console-catalog/routes/product-editor'));
const StoreSettings = lazy(() => import('@/features/console-store/routes/store-settings'));
const Sliders = lazy(() => import('@/features/console-store/routes/sliders'));
const Banks = lazy(() => import('@/features/console-store/routes/banks'));
const Partners = lazy(() => import('@/features/console-store/routes/partners'));
const Suppliers = lazy(() => import('@/features/console-suppliers/routes/suppliers'));
const Users = lazy(() => import('@/features/console-users/routes/users'));
const AuditLog = lazy(() => import('@/features/console-store/routes/audit-log'));
const Numbers = lazy(() => import('@/features/console-numbers/routes/numbers'));
const Storefronts = lazy(() => import('@/features/console-storefronts/routes/storefronts'));
const StorefrontAccount = lazy(() => import('@/features/console-storefronts/routes/storefront-account'));
const StorefrontStaff = lazy(() => import('@/features/console-storefronts/routes/storefront-staff'));
const Prices = lazy(() => import('@/features/console-storefronts/routes/prices'));

/**
 * /admin/*: the operator console, composing the console features. Its own chunk (React.lazy in
 * shell/routes.tsx), so the store customers download holds none of it; the operator guard sits
 * before it in the route table.
 */
export default function ConsoleApp() {
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<Dashboard />} />
        <Route path="orders" element={<OrdersQueue />} />
        <Route path="charges" element={<TopupsQueue />} />
        <Route path="charges/:topupId" element={<TopupDetail />} />
        <Route path="catalog" element={<Categories />} />
        <Route path="catalog/:categoryId" element={<Category />} />
        <Route path="catalog/:categoryId/products/:productId" element={<ProductEditor />} />
        <Route path="settings" element={<StoreSettings />} />
        <Route path="sliders" element={<Sliders />} />
        <Route path="banks" element={<Banks />} />
        <Route path="partners" element={<Partners />} />
        <Route path="suppliers" element={<Suppliers />} />
        <Route path="users" element={<Users />} />
        <Route path="audit" element={<AuditLog />} />
        <Route path="numbers" element={<Numbers />} />
        <Route path="storefronts" element={<Storefronts />} />
        <Route path="storefronts/:storefrontId/account" element={<StorefrontAccount />} />
        <Route path="storefronts/:storefrontId/staff" element={<StorefrontStaff />} />
        <Route path="prices" element={<Prices />} />
        <Route path="*" element={<Page title={t('notFound')} />} />
      </Route>
    </Routes>
  );
}
