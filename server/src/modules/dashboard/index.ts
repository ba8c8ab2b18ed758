export { type Range, readRange } from './date-range';
export { dashboardRoutes } from './routes';
