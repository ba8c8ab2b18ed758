import type { Insertable } from 'kysely';
import type { DB, NotificationsTable } from '../../db/database';

/** Enough for the screen; older notices stay in the table. */
const NOTIFICATIONS_SHOWN = 100;

/**
 * The user's own notices and the store-wide ones (user_id null), newest first, with the codes of
 * the order a notice is about — only when that order is the user's own.
 */
export function listNotificationRows(db: DB, userId: number) {
  return db
    .selectFrom('notifications')
    .leftJoin('orders', (join) =>
      join.onRef('orders.id', '=', 'notifications.order_id').on('orders.user_id', '=', userId),
    )
    .select([
      'notifications.id',
      'notifications.title',
      'notifications.msg',
      'notifications.created_at',
      'notifications.order_id',
      'orders.codes_enc',
    ])
    .where((eb) => eb.or([eb('notifications.user_id', '=', userId), eb('notifications.user_id', 'is', null)]))
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
}

export function insertNotice(db: DB, values: Insertable<NotificationsTable>) {
  return db.insertInto('notifications').values(values).returningAll().executeTakeFirstOrThrow();
}
