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
