import { z } from 'zod';
import { isoDate, successReply } from './envelope';

export const notification = z
  .object({ id: z.number().int(), title: z.string(), msg: z.string(), created_at: isoDate })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/** The caller's own notices and the store-wide ones, newest first. */
export const notificationsReply = successReply(z.object({ notifications: z.array(notification) }));
export type NotificationsReply = z.infer<typeof notificationsReply>;
