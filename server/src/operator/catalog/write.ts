import type { DB } from '../../db/database';

/**
 * Every write to the catalog, sliders, banks, partners or settings runs through catalogWrite:
 * one transaction. The caches customers read from are dropped by the admin API's onSend hook
 * (app.ts) once the write has committed, so no write can be missed.
 */
export async function catalogWrite<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
