export { approveCharge, rejectCharge } from './decide-charge';
export { scheduleReceiptRetention } from './receipt-retention';
export { topupRoutes } from './routes';
export { receiptLink } from './signed-link';
export { toBank } from './service';
