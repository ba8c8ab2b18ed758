import type { Insertable } from 'kysely';
import type { DB, NotificationsTable } from '../../db/database';
import { queryTemplate } from '../../db/query-template';
import { visibleTo } from './read-repository';

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
    .where(visibleTo(userId))
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
}

export async function insertNotice(db: DB, values: Insertable<NotificationsTable>) {
  const { rows } = await insertNoticeTemplate(db, {
    user_id: values.user_id ?? null,
    title: values.title,
    msg: values.msg,
    created_at: values.created_at,
    order_id: values.order_id ?? null,
    storefront_id: values.storefront_id ?? null,
  });
  const row = rows[0];
  if (!row) throw new Error('the notice was not written');
  return row;
}

type NoticeValues = {
  user_id: number | null;
  title: string;
  msg: string;
  created_at: string;
  order_id: number | null;
  storefront_id: number | null;
};

// Every status change and stock sale writes a notice: built once, then only re-filled (db/query-template.ts).
const insertNoticeTemplate = queryTemplate(
  ['user_id', 'title', 'msg', 'created_at', 'order_id', 'storefront_id'],
  (db, v: NoticeValues) => db.insertInto('notifications').values(v).returningAll(),
);
