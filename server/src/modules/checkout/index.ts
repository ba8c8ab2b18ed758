export { orderLimits } from './limits';
export { orderCreateRoutes } from './routes';
