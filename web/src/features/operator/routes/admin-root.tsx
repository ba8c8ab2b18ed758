import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { ConsoleLayout } from '../components/console-layout';

// Every console screen is a chunk of its own, fetched when first opened.
const Dashboard = lazy(() => import('./dashboard'));
const OrdersQueue = lazy(() => import('./orders-queue'));
const ChargeDetail = lazy(() => import('./charge-detail'));
const ChargesQueue = lazy(() => import('./charges-queue'));
const Categories = lazy(() => import('./catalog-categories'));
const Category = lazy(() => import('./catalog-category'));
const ProductEditor = lazy(() => import('./product-editor'));
const StoreSettings = lazy(() => import('./store-settings'));
const Sliders = lazy(() => import('./sliders'));
const Banks = lazy(() => import('./banks'));
const Partners = lazy(() => import('./partners'));
const Suppliers = lazy(() => import('./suppliers'));
const Users = lazy(() => import('./users'));
const AuditLog = lazy(() => import('./audit-log'));
const Numbers = lazy(() => import('./numbers'));

/**
 * /admin/*: the operator area. Its own chunk (React.lazy in app/router.tsx), so the storefront
 * bundle customers download holds none of it; the operator guard sits before it in the route table.
 */
export default function AdminRoot() {
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<Dashboard />} />
        <Route path="orders" element={<OrdersQueue />} />
        <Route path="charges" element={<ChargesQueue />} />
        <Route path="charges/:chargeId" element={<ChargeDetail />} />
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
        <Route path="*" element={<Page title={t('notFound')} />} />
      </Route>
    </Routes>
  );
}
