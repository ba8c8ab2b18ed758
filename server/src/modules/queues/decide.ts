import type { OrderStatus } from '@raseed/contract';
import type { Selectable, Updateable } from 'kysely';
import type { DB, OrdersTable } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { notify } from '../notifications';
import { decisionNotice, orderMsg } from '../orders';
import { takeOverForward } from '../fulfilment';
import { refundOrder } from '../orders';
import { audit } from '../audit';
import { findOrder, transitionOrder } from '../orders';

/**
 * An operator's decisions on an order. Each runs in the caller's transaction: one conditional
 * UPDATE from the statuses the decision may leave, then the refund (if any), the customer's
 * notification and the audit row. Two operators deciding the same order at once: one wins, the
 * other gets a 422 and nothing of theirs is written — so an order is refunded at most once.
 */
export type DecisionBy = { actorId: number };

const MAX_TEXT = 500;

function cleanText(field: string, text: string | null | undefined): string | null {
  const t = text?.trim() ?? '';
  if (t.length > MAX_TEXT) throw AppError.fields({ [field]: [orderMsg.textTooLong] });
  return t || null;
}

type Notice = (id: number, product: string) => { title: string; msg: string };

async function decide(
  trx: DB,
  orderId: number,
  by: DecisionBy,
  step: {
    action: string;
    from: OrderStatus[];
    set: Updateable<OrdersTable>;
    refund: boolean;
    notice: Notice;
    extra?: string | null;
  },
): Promise<Selectable<OrdersTable>> {
  const before = await findOrder(trx, orderId);
  if (!before) throw new AppError('not_found', orderMsg.notFound);
  await takeOverForward(trx, orderId);
  const after: Selectable<OrdersTable> | undefined = await transitionOrder(
    trx,
    { id: orderId, from: step.from },
    step.set,
  );
  if (!after) throw new AppError('invalid_state', orderMsg.transitionGone);
  if (step.refund) await refundOrder(trx, after);
  const notice = step.notice(after.id, after.product_name);
  await notify(
    trx,
    after.user_id,
    notice.title,
    step.extra ? `${notice.msg}\n${step.extra}` : notice.msg,
    null,
    `/orders/${after.id}`,
  );
  await audit(
    trx,
    by.actorId,
    step.action,
    'order',
    orderId,
    { status: before.status },
    { status: after.status, message: after.message, cancel_msg: after.cancel_msg },
  );
  return after;
}

/** An operator's decision on one order, in the caller's transaction: the order as it is after it. */
type Decision<Extra> = (trx: DB, orderId: number, by: DecisionBy & Extra) => Promise<Selectable<OrdersTable>>;

/** Delivered: `pending` or `wait` → `success`, with an optional message to the customer (a code, a note). */
export const acceptOrder: Decision<{ message?: string | null }> = (trx, orderId, by) => {
  const message = cleanText('message', by.message);
  return decide(trx, orderId, by, {
    action: 'order.accept',
    from: ['pending', 'wait'],
    set: { status: 'success', message, secret: null },
    refund: false,
    notice: decisionNotice.accepted,
    extra: message,
  });
};

/** Refused: `pending`, `wait` or `request_cancel` → `cancel` with the reason, and the price refunded. */
export const rejectOrder: Decision<{ cancelMsg?: string | null }> = (trx, orderId, by) => {
  const cancelMsg = cleanText('cancel_msg', by.cancelMsg);
  return decide(trx, orderId, by, {
    action: 'order.reject',
    from: ['pending', 'wait', 'request_cancel'],
    set: { status: 'cancel', cancel_msg: cancelMsg, secret: null },
    refund: true,
    notice: decisionNotice.rejected,
    extra: cancelMsg,
  });
};

/** Taken in hand but not done yet: `pending` → `wait`. */
export const holdOrder: Decision<{ message?: string | null }> = (trx, orderId, by) => {
  const message = cleanText('message', by.message);
  return decide(trx, orderId, by, {
    action: 'order.wait',
    from: ['pending'],
    set: message ? { status: 'wait', message } : { status: 'wait' },
    refund: false,
    notice: decisionNotice.waiting,
    extra: message,
  });
};

/**
 * A customer's cancel request on a waiting order: approved → `cancel` and refunded; denied →
 * back to `wait`, with an optional reason.
 */
export function decideCancelRequest(
  trx: DB,
  orderId: number,
  by: DecisionBy & { approve: boolean; message?: string | null },
): Promise<Selectable<OrdersTable>> {
  const message = cleanText(by.approve ? 'cancel_msg' : 'message', by.message);
  return by.approve
    ? decide(trx, orderId, by, {
        action: 'order.cancel_approve',
        from: ['request_cancel'],
        set: { status: 'cancel', cancel_msg: message, secret: null },
        refund: true,
        notice: decisionNotice.cancelApproved,
        extra: message,
      })
    : decide(trx, orderId, by, {
        action: 'order.cancel_deny',
        from: ['request_cancel'],
        set: message ? { status: 'wait', message } : { status: 'wait' },
        refund: false,
        notice: decisionNotice.cancelDenied,
        extra: message,
      });
}
