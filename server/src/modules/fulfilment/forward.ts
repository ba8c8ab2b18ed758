import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { noteCause } from '../../kernel/request-context';
import { now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { audit } from '../audit';
import { deliveryMsg } from './messages-ar';
import { insertForward, rearm } from './outbox-repository';

/** Hands a paid order to its supplier: the outbox row in the order's transaction, the worker woken after the commit. */
export async function queueForward(trx: DB, orderId: number, supplierId: number, t: string): Promise<void> {
  await insertForward(trx, orderId, supplierId, t);
  noteCause(`order:${orderId}`);
  after(trx, { kind: 'wake', worker: 'forwarder' });
}

/** The operator's retry of a forward that needs attention: sent to its supplier again, audited. */
export async function retryForward(db: DB, actorId: number, orderId: number): Promise<void> {
  await work(db, async (trx) => {
    const rearmed = await rearm(trx, orderId, now());
    if (!rearmed) throw new AppError('invalid_state', deliveryMsg.notForwarded);
    await audit(trx, actorId, 'delivery.retry', 'order', orderId, { state: 'attention' }, { state: rearmed.state });
    after(trx, { kind: 'wake', worker: 'forwarder' });
  });
}
