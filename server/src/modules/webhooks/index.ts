export { webhooksAdminRoutes } from './admin-routes';
export { deliveriesOfRow } from './outbox-statements';
export { queueWebhookEvent } from './queue';
export { webhookRoutes } from './routes';
export { newEventId } from './signature';
export { createWebhookWorker, type WebhookHooks, type WebhookWorker } from './worker';
export { webhooksSealedColumns } from './sealed-columns';
