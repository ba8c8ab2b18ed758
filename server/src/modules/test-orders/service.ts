import type { DB } from '../../db/database';
import { now } from '../../kernel/time';
import { work } from '../../kernel/unit-of-work';
import { queueWebhookEvent } from '../webhooks';
import { testOrderMsg } from './messages-ar';
import { asOrderRow } from './order-row';
import { deliverTestOrder, dueTestOrders } from './repository';

/** Delivers the test orders whose delay has passed, each with its `order.updated` event (livemode false). */
export async function deliverDueTestOrders(db: DB): Promise<number> {
  const due = await dueTestOrders(db, now(), 50);
  let delivered = 0;
  for (const { id } of due) {
    const done = await work(db, async (trx) => {
      const row = await deliverTestOrder(trx, id, testOrderMsg.delivered, now());
      if (row) await queueWebhookEvent(trx, { userId: row.user_id, type: 'order.updated', subject: asOrderRow(row) });
      return row;
    });
    if (done) delivered++;
  }
  return delivered;
}
