import { z } from 'zod';
import { isoDate, successReply } from './envelope';

export const notification = z
  .object({
    id: z.number().int(),
    title: z.string(),
    msg: z.string(),
    created_at: isoDate,
    /** The order the notice is about, if any; its delivered codes come along to copy. */
    order_id: z.number().int().nullable(),
    codes: z.array(z.string()),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/** The caller's own notices and the store-wide ones, newest first. */
export const notificationsReply = successReply(z.object({ notifications: z.array(notification) }));
export type NotificationsReply = z.infer<typeof notificationsReply>;
