export { ensureOperator } from './bootstrap';
export { creditRoutes } from './credit-routes';
export { usersRoutes } from './routes';
