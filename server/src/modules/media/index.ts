export { imagePool } from './image-pool';
export type { ImageTaskError } from './image-task';
export { PDF_LIMITS, popplerPrograms } from './pdf-receipt';
export { dropImage, storeImage } from './images';
export { NEAR_DUPLICATE_BITS, type ReceiptFingerprint } from './receipt-fingerprint';
export type { ReceiptImage } from './receipt-image';
export { mediaRoutes } from './routes';
