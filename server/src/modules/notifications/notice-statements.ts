import { type Insertable, sql } from 'kysely';
import type { DB, NotificationsTable } from '../../db/database';
import { pushPayload } from './push/outbox';
import { PUSH_ROW_COLUMNS, pushRow, signedInSubscriptions } from './push/repository';

/** A notice's row: its title cut to 200 characters. */
export function noticeRow(
  userId: number | null,
  title: string,
  msg: string,
  orderId: number | null,
  t: string,
): Insertable<NotificationsTable> {
  return { user_id: userId, title: title.slice(0, 200), msg, created_at: t, order_id: orderId };
}

/** The page a notice's push opens: the order it is about, else the notices. */
export const noticeUrl = (orderId: number | string | null): string =>
  orderId ? `/orders/${orderId}` : '/notifications';

/**
 * Stands for the id of an order a statement is inserting, in the text of the notice about it
 * (PostgreSQL text holds no NUL, so no product name can contain it).
 */
export const NEW_ORDER_ID = '\u0000order\u0000';

/** A notice (and its push) about an order a statement inserts: the texts around the order's id. */
export type NewOrderNotice = {
  title: string;
  msgParts: [before: string, after: string];
  payloadParts: [string, string, string];
};

/**
 * The notice about an order a statement is inserting (PostgreSQL's one-statement stock sale) and
 * its push, exactly as `notify` writes them (`noticeRow`, `pushPayload`, `noticeUrl`), cut around
 * the order's id for `insertNoticeOfOrder` and `insertPushesOfOrder` to join with the id. `msg`
 * names the order once, as `NEW_ORDER_ID`. null when the push's body could reach its cut (1000
 * characters) at a length that depends on the id: the transaction writes that notice instead.
 */
export function noticeOfNewOrder(title: string, msg: string): NewOrderNotice | null {
  const msgParts = msg.split(NEW_ORDER_ID);
  // A bigint id has at most 19 digits.
  if (msgParts.length !== 2 || title.includes(NEW_ORDER_ID) || msg.length - NEW_ORDER_ID.length + 19 > 1000)
    return null;
  const row = noticeRow(null, title, msg, null, '');
  const payload = pushPayload({ title: row.title ?? '', body: msg, url: noticeUrl(NEW_ORDER_ID) });
  const payloadParts = payload.split(JSON.stringify(NEW_ORDER_ID).slice(1, -1));
  if (payloadParts.length !== 3) return null;
  return {
    title: row.title ?? '',
    msgParts: [msgParts[0] ?? '', msgParts[1] ?? ''],
    payloadParts: [payloadParts[0] ?? '', payloadParts[1] ?? '', payloadParts[2] ?? ''],
  };
}

/** `notify`'s notice about the order of the CTE `order` (its `id` and `user_id`), to its buyer. */
export function insertNoticeOfOrder(db: DB, notice: NewOrderNotice, order: string, t: string) {
  const col = (c: string) => sql.ref(`${order}.${c}`);
  const [before, after] = notice.msgParts;
  return db
    .insertInto('notifications')
    .columns(['user_id', 'title', 'msg', 'created_at', 'order_id'])
    .expression(
      sql`select ${col('user_id')}, ${notice.title}, cast(${before} as text) || ${col('id')} || cast(${after} as text),
        ${t}, ${col('id')} from ${sql.table(order)}`,
    );
}

/** `notify`'s pushes of that notice: one per signed-in browser of the buyer (`insertPushesFor`). */
export function insertPushesOfOrder(db: DB, notice: NewOrderNotice, order: string, t: string, reqId: string | null) {
  const id = sql`(select id from ${sql.table(order)})`;
  const [p0, p1, p2] = notice.payloadParts;
  const payload = sql<string>`cast(${p0} as text) || ${id} || cast(${p1} as text) || ${id} || cast(${p2} as text)`;
  return db
    .insertInto('push_outbox')
    .columns(PUSH_ROW_COLUMNS)
    .expression(
      signedInSubscriptions(db, t)
        .where('push_subscriptions.user_id', '=', sql<number>`(select user_id from ${sql.table(order)})`)
        .select(pushRow(payload, t, reqId)),
    );
}
