import type { DB } from '../db/database';

/** Enough for the screen; older notices stay in the table. */
const NOTIFICATIONS_SHOWN = 100;

/** The user's own notices and the store-wide ones (user_id null), newest first. */
export function listNotificationRows(db: DB, userId: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'title', 'msg', 'created_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('user_id', 'is', null)]))
    .orderBy('id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
}
