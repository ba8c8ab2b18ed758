export { EventBus } from './events/bus';
export { MAX_STREAMS_PER_USER, OpenStreams, type StreamOwner } from './events/open-streams';
export { eventStreamRoutes } from './events/stream-routes';
export {
  insertNoticeOfOrder,
  insertPushesOfOrder,
  NEW_ORDER_ID,
  type NewOrderNotice,
  noticeOfNewOrder,
} from './notice-statements';
export { notify, notifyCustomers } from './notify';
export { pushRoutes } from './push/routes';
export { type VapidKeys, loadVapidKeys } from './push/vapid';
export { type PushWorker, createPushWorker } from './push/worker';
export { notificationReadRoutes } from './read-routes';
export { notificationsRoutes } from './routes';
