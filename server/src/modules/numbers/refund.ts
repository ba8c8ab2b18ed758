import type { DB, NumberStatus, NumberStep } from '../../db/database';
import { now } from '../../kernel/time';
import { notify } from '../notifications';
import { credit, reverseStorefrontDebit } from '../wallet';
import { queueWebhookEvent } from '../webhooks';
import { numbersNotice } from './messages-ar';
import { type ActivationRow, transition } from './repository';

export const refundInfo = (id: number) => `استرداد شراء الرقم #${id}`;

/**
 * Ends a purchase with its money back, once: the status change is conditional (still `from`,
 * no refund yet, and with `noCode` no code received), and the credit follows only if it won.
 * The number, if any, is given back upstream by the worker (step `cancel`).
 */
export async function refundOnce(
  trx: DB,
  row: Pick<ActivationRow, 'id' | 'user_id' | 'price' | 'name' | 'upstream_id'>,
  to: Extract<NumberStatus, 'cancelled' | 'refunded'>,
  opts: {
    from: NumberStatus[];
    noCode: boolean;
    notice: 'refunded' | 'failed' | null;
    lastError?: string | null;
    step?: NumberStep;
  },
): Promise<ActivationRow | undefined> {
  const t = now();
  const done = await transition(
    trx,
    row.id,
    opts.from,
    {
      status: to,
      refunded_at: t,
      step: opts.step ?? 'cancel',
      next_at: t,
      updated_at: t,
      ...(opts.lastError !== undefined ? { last_error: opts.lastError } : {}),
    },
    { noCode: opts.noCode },
  );
  if (!done) return undefined;
  await queueWebhookEvent(trx, { userId: done.user_id, type: 'number.updated', subject: done });
  await credit(trx, row.user_id, Number(row.price), refundInfo(row.id), { type: 'number', id: row.id });
  await reverseStorefrontDebit(trx, Number(done.storefront_id), { type: 'number', id: row.id });
  if (opts.notice) {
    const n = numbersNotice[opts.notice](row.id, row.name);
    await notify(trx, row.user_id, n.title, n.msg);
  }
  return done;
}
