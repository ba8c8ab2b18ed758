export { numbersAdminRoutes } from './admin-routes';
export { toNumberPurchase } from './dto';
export { NumbersPool } from './pool';
export { numbersRoutes } from './routes';
export { type NumbersWorker, createNumbersWorker } from './worker';
export { numbersSealedColumns } from './sealed-columns';
