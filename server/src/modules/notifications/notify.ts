import type { DB } from '../../db/database';
import { now } from '../../kernel/time';
import { queuePush } from './push/outbox';
import { insertNotice } from './repository';

/**
 * Writes a notification in the caller's transaction, so a status change and the notice about
 * it commit together. `userId` null is a store-wide notice; `orderId` names the order it is about,
 * so the customer's notice can show that order's delivered codes. The same notice is queued as a
 * web push to the user's subscribed browsers (sent after commit); a tap opens `link`.
 */
export async function notify(
  trx: DB,
  userId: number | null,
  title: string,
  message: string,
  orderId: number | null = null,
  link?: string,
): Promise<void> {
  await insertNotice(trx, {
    user_id: userId,
    title: title.slice(0, 200),
    msg: message,
    created_at: now(),
    order_id: orderId,
  });
  await queuePush(trx, userId, {
    title: title.slice(0, 200),
    body: message,
    url: link ?? (orderId ? `/orders/${orderId}` : '/notifications'),
  });
}
