import type { DB } from '../db/database';
import { after } from '../kernel/unit-of-work';
import { insertForward, rearm } from './outbox-repository';

/** Hands a paid order to its supplier: the outbox row in the order's transaction, the worker woken after the commit. */
export async function queueForward(trx: DB, orderId: number, supplierId: number, t: string): Promise<void> {
  await insertForward(trx, orderId, supplierId, t);
  after(trx, { kind: 'wake', worker: 'forwarder' });
}

/** Sends a forward that needs attention again (the operator's retry); undefined when it was not waiting. */
export async function retryForward(trx: DB, orderId: number, t: string) {
  const rearmed = await rearm(trx, orderId, t);
  if (rearmed) after(trx, { kind: 'wake', worker: 'forwarder' });
  return rearmed;
}
