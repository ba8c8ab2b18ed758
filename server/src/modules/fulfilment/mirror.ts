import type { Sealer } from '../../kernel/sealing';
import type { DB } from '../../db/database';
import { notify } from '../notifications';
import { refundOrder } from '../orders';
import { transitionOrder } from '../orders';
import type { UpstreamOrder } from './suppliers/supplier';
import { deliveryNotice } from './messages-ar';
import { sealOrderCodes } from '../orders';

const MAX_TEXT = 2000;

/**
 * Makes our order follow the upstream outcome, inside the caller's transaction: accepted →
 * accepted with upstream's message and codes; cancelled → cancelled with its reason and refunded.
 * The conditional transition is what keeps a refund single: if an operator decided the order
 * meanwhile, nothing changes here. Answers whether our order changed.
 */
export async function mirrorOutcome(trx: DB, sealer: Sealer, orderId: number, up: UpstreamOrder): Promise<boolean> {
  if (up.state === 'accepted') {
    const done = await transitionOrder(
      trx,
      { id: orderId, from: ['pending', 'wait'] },
      {
        status: 'success',
        message: up.message?.slice(0, MAX_TEXT) ?? null,
        codes_enc: sealOrderCodes(sealer, up.codes),
        secret: null,
      },
    );
    if (!done) return false;
    const notice = up.codes.length
      ? deliveryNotice.delivered(done.id, done.product_name)
      : deliveryNotice.accepted(done.id, done.product_name);
    await notify(trx, done.user_id, notice.title, up.message ? `${notice.msg}\n${up.message}` : notice.msg, done.id);
    return true;
  }
  if (up.state === 'cancelled') {
    const reason = up.reason?.slice(0, 500) ?? null;
    const cancelled = await transitionOrder(
      trx,
      { id: orderId, from: ['pending', 'wait', 'request_cancel'] },
      { status: 'cancel', cancel_msg: reason, secret: null },
    );
    if (!cancelled) return false;
    await refundOrder(trx, cancelled);
    const notice = deliveryNotice.cancelled(cancelled.id, cancelled.product_name);
    await notify(trx, cancelled.user_id, notice.title, reason ? `${notice.msg}\n${reason}` : notice.msg, cancelled.id);
    return true;
  }
  return false;
}
