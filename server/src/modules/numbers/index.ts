export { numbersAdminRoutes } from './admin-routes';
export { NumbersPool } from './pool';
export { numbersRoutes } from './routes';
export { type NumbersWorker, createNumbersWorker } from './worker';
