import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { now } from '../../kernel/time';
import { deliveryMsg } from './messages-ar';
import { closeForward, findForward } from './outbox-repository';

/**
 * An operator decides a forwarded order by hand only once it needs attention: while the worker
 * is still sending or following it, upstream may yet deliver, and a hand decision then would
 * pay or refund against an outcome nobody knows. Deciding it ends the forward.
 */
export async function takeOverForward(trx: DB, orderId: number): Promise<void> {
  const forward = await findForward(trx, orderId);
  if (!forward || forward.state === 'done') return;
  if (forward.state !== 'attention' || !(await closeForward(trx, orderId, now()))) {
    throw new AppError('conflict', deliveryMsg.forwardBusy);
  }
}
