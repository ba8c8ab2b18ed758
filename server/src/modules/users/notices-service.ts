import type { Notification } from '@raseed/contract';
import type { DB } from '../../db/database';
import { audit } from '../audit';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import { queuePush } from '../notifications';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { insertNotice, userExists } from './repository';

/** A notice from the store to one user, or (userId null) to every customer. */
export async function sendNotice(
  trx: DB,
  actorId: number,
  input: { userId: number | null; title: string; msg: string },
): Promise<Notification & { user_id: number | null }> {
  if (input.userId !== null && !(await userExists(trx, input.userId)))
    throw AppError.fields({ user_id: [operatorMsg.userNotFound] });
  const row = await insertNotice(trx, { userId: input.userId, title: input.title, msg: input.msg, at: now() });
  const notice = {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    msg: row.msg,
    created_at: row.created_at,
    order_id: null,
    codes: [],
  };
  await queuePush(trx, row.user_id, { title: row.title, body: row.msg, url: '/notifications' });
  await audit(trx, actorId, 'notification.send', 'notification', row.id, null, notice);
  return notice;
}
