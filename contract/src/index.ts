import { z } from 'zod';

// Arabic default messages for every zod check, on both sides, so a field-level error
// never falls back to English.
z.config(z.locales.ar());

export * from './api-keys';
export * from './auth';
export * from './catalog';
export * from './currency';
export * from './delivery';
export * from './digits';
export * from './engagement';
export * from './envelope';
export * from './error-codes';
export * from './fields';
export * from './health';
export * from './money';
export * from './notification-reads';
export * from './notifications';
export * from './numbers';
export * from './order-create';
export * from './operator';
export * from './orders';
export * from './partners';
export * from './search-text';
export * from './settings';
export * from './storefront-accounts';
export * from './storefront-prices';
export * from './storefronts';
export * from './topup';
export * from './wallet';
export * from './webhooks';
