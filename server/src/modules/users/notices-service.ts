import type { Notification } from '@raseed/contract';
import type { DB } from '../../db/database';
import { audit } from '../audit';
import { AppError } from '../../kernel/errors';
import { notify, notifyCustomers } from '../notifications';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { userInStorefront } from './repository';

/**
 * A notice from the store to one user, or (userId null) to every customer. `storefront`: the
 * sender's reach (a staff account's storefront; null: every storefront): its customers alone
 * receive a store-wide notice, and another storefront's user is answered as an unknown one.
 */
export async function sendNotice(
  trx: DB,
  actorId: number,
  input: { userId: number | null; storefront: number | null; title: string; msg: string },
): Promise<Notification & { user_id: number | null }> {
  if (input.userId !== null && !(await userInStorefront(trx, input.userId, input.storefront)))
    throw AppError.fields({ user_id: [operatorMsg.userNotFound] });
  // Written, with its pushes (a tap opens the notices), by the notifications module.
  const row =
    input.userId === null
      ? await notifyCustomers(trx, input.storefront, input.title, input.msg)
      : await notify(trx, input.userId, input.title, input.msg);
  const notice = {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    msg: row.msg,
    created_at: row.created_at,
    order_id: null,
    codes: [],
  };
  await audit(trx, actorId, 'notification.send', 'notification', row.id, null, notice);
  return notice;
}
