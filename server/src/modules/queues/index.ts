export { chargesRoutes } from './charges-routes';
export { ordersRoutes } from './orders-routes';
