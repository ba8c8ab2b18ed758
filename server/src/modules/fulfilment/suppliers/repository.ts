import type { Insertable, Updateable } from 'kysely';
import type { DB, SuppliersTable } from '../../../db/database';

export function listSupplierRows(db: DB) {
  return db.selectFrom('suppliers').selectAll().orderBy('id').execute();
}

export function findSupplierRow(db: DB, id: number) {
  return db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertSupplier(db: DB, values: Insertable<SuppliersTable>) {
  return db.insertInto('suppliers').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateSupplier(db: DB, id: number, set: Updateable<SuppliersTable>) {
  return db.updateTable('suppliers').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

/** A supplier named by a product or by a forwarded order cannot go: both point at it. */
export async function supplierInUse(db: DB, id: number): Promise<boolean> {
  const product = await db.selectFrom('products').select('id').where('supplier_id', '=', id).executeTakeFirst();
  if (product) return true;
  return Boolean(await db.selectFrom('order_outbox').select('id').where('supplier_id', '=', id).executeTakeFirst());
}

export function deleteSupplier(db: DB, id: number) {
  return db.deleteFrom('suppliers').where('id', '=', id).returning('id').executeTakeFirst();
}

/** The webhook registered at the supplier; updated_at stays, so the adapter in use is kept. */
export function setSupplierHook(
  db: DB,
  id: number,
  hook: { hook_id: string; hook_secret_enc: string; hook_url: string; hook_at: string },
) {
  return db.updateTable('suppliers').set(hook).where('id', '=', id).execute();
}

/** Remembers a delivery's `webhook-id`; undefined when it was seen before (a retry or a replay). */
export function recordHookEvent(trx: DB, supplierId: number, eventId: string, t: string) {
  return trx
    .insertInto('supplier_hook_events')
    .values({ supplier_id: supplierId, event_id: eventId, received_at: t })
    .onConflict((oc) => oc.columns(['supplier_id', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
}

/** A sender retries one event for 24 hours at most: ids older than `before` can no longer come back. */
export function forgetHookEvents(trx: DB, before: string) {
  return trx.deleteFrom('supplier_hook_events').where('received_at', '<', before).execute();
}
