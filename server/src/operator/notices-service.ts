import type { Notification } from '@raseed/contract';
import type { DB } from '../db/database';
import { AppError } from '../lib/errors';
import { now } from '../lib/time';
import { audit } from '../lib/audit';
import { operatorMsg } from './messages-ar';

/** A notice from the store to one user, or (userId null) to every customer. */
export async function sendNotice(
  trx: DB,
  actorId: number,
  input: { userId: number | null; title: string; msg: string },
): Promise<Notification & { user_id: number | null }> {
  if (input.userId !== null) {
    const user = await trx.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst();
    if (!user) throw AppError.fields({ user_id: [operatorMsg.userNotFound] });
  }
  const row = await trx
    .insertInto('notifications')
    .values({ user_id: input.userId, title: input.title, msg: input.msg, created_at: now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  const notice = { id: row.id, user_id: row.user_id, title: row.title, msg: row.msg, created_at: row.created_at, order_id: null, codes: [] };
  await audit(trx, actorId, 'notification.send', 'notification', row.id, null, notice);
  return notice;
}
