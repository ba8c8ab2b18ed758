export { orderLimits } from './limits';
export { type Priced, type Purchase, checkout } from './purchase';
export { orderCreateRoutes } from './routes';
