import { z } from 'zod';
import { successReply } from './envelope';

/** How many of the caller's notices (own and store-wide) are newer than the last one they saw. */
export const unreadNotificationsReply = successReply(z.object({ unread: z.number().int().min(0) })).meta({
  id: 'UnreadNotifications',
});
export type UnreadNotificationsReply = z.infer<typeof unreadNotificationsReply>;

/**
 * Marks notices read up to `up_to`, the newest id the screen showed, so one that arrived after
 * the list was read stays unread. Without it, everything so far is marked read. Never goes back.
 */
export const markNotificationsReadBody = z.object({
  up_to: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type MarkNotificationsReadBody = z.input<typeof markNotificationsReadBody>;
