import type { DB } from '../../db/database';
import { now } from '../../kernel/time';
import { noticeRow, noticeUrl } from './notice-statements';
import { queuePush } from './push/outbox';
import { insertNotice } from './repository';

/**
 * Writes a notification in the caller's transaction, so a status change and the notice about
 * it commit together. `userId` null is a store-wide notice; `orderId` names the order it is about,
 * so the customer's notice can show that order's delivered codes. The same notice is queued as a
 * web push to the user's subscribed browsers (sent after commit); a tap opens `link`. The one
 * writer of notices and their pushes (PostgreSQL's one-statement stock sale composes the same
 * rows from notice-statements.ts); answers the row written.
 */
export async function notify(
  trx: DB,
  userId: number | null,
  title: string,
  message: string,
  orderId: number | null = null,
  link?: string,
) {
  const row = await insertNotice(trx, noticeRow(userId, title, message, orderId, now()));
  await queuePush(trx, userId, { title: row.title, body: message, url: link ?? noticeUrl(orderId) });
  return row;
}

/**
 * A store-wide notice: to one storefront's customers (`storefront`, as its staff send it), or to
 * every storefront's (null). Written and pushed as `notify` does.
 */
export async function notifyCustomers(trx: DB, storefront: number | null, title: string, message: string) {
  const row = await insertNotice(trx, { ...noticeRow(null, title, message, null, now()), storefront_id: storefront });
  await queuePush(trx, null, { title: row.title, body: message, url: noticeUrl(null) }, storefront);
  return row;
}
