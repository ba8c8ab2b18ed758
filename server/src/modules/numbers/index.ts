export { numbersAdminRoutes } from './admin-routes';
export { toNumberPurchase } from './dto';
export { NumbersPool } from './pool';
export { numbersRoutes } from './routes';
export { type NumbersWorker, createNumbersWorker } from './worker';
export { applyPrices, createService, saveProvider } from './admin-service';
export { numbersSealedColumns } from './sealed-columns';
