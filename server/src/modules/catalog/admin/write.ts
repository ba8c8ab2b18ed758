import type { DB } from '../../../db/database';
import { after, work } from '../../../kernel/unit-of-work';

/**
 * Every write to the catalog, sliders, banks, partners or settings runs through catalogWrite:
 * one transaction, after whose commit the replies customers read from memory are dropped (the
 * `reads-stale` effect), so no write can be missed and none is dropped before it is visible.
 */
export async function catalogWrite<T>(db: DB, body: (trx: DB) => Promise<T>): Promise<T> {
  return work(db, async (trx) => {
    after(trx, { kind: 'reads-stale' });
    return body(trx);
  });
}
