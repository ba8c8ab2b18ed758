import type { DB } from '../../db/database';
import type { Sealer } from '../../kernel/sealing';
import { randomToken } from '../../kernel/crypto';
import { AppError } from '../../kernel/errors';
import { requestIdOf } from '../../kernel/request-context';
import { now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { audit } from '../audit';
import { deliveryMsg } from './messages-ar';
import { legacyForwardKey } from './forward-worker';
import { forwardsWithoutKey, insertForward, rearm, storeForwardKey } from './outbox-repository';

/**
 * Hands a paid order to its supplier: the outbox row in the order's transaction, the worker woken
 * after the commit. The Idempotency-Key every attempt sends is chosen now and stored: random, so
 * no key of the store's, rotated or not, can ever make a retry look like a new order upstream.
 */
export async function queueForward(trx: DB, orderId: number, supplierId: number, t: string): Promise<void> {
  const idempotencyKey = `rsd-${randomToken(30)}`;
  await insertForward(trx, { orderId, supplierId, idempotencyKey, t, reqId: requestIdOf(trx) });
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

/**
 * Stores the Idempotency-Key of outbox rows made before keys were stored: the HMAC they were
 * sent with, so their retries no longer depend on any key. Returns how many were stored.
 */
export async function storeLegacyForwardKeys(db: DB, sealer: Sealer, batch: number): Promise<number> {
  let stored = 0;
  for (;;) {
    const rows = await forwardsWithoutKey(db, batch);
    if (rows.length === 0) return stored;
    await work(db, async (trx) => {
      for (const r of rows) await storeForwardKey(trx, r.id, legacyForwardKey(sealer, r.order_id));
    });
    stored += rows.length;
  }
}
