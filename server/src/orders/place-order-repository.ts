import type { Insertable } from 'kysely';
import type { DB, OrdersTable } from '../db/database';

export function findOrderByKey(db: DB, userId: number, key: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function insertOrder(db: DB, values: Insertable<OrdersTable>) {
  return db.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * The unique (user_id, idempotency_key) constraint firing: a second request with the same key
 * lost the race to the first. SQLite and PostgreSQL report it differently.
 */
export function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return e.constraint === undefined || e.constraint.includes('idempotency');
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' && (e.message ?? '').includes('idempotency_key');
}

/** The order just inserted in this transaction, accepted with its codes. */
export function markDelivered(trx: DB, orderId: number, codesEnc: string | null) {
  return trx
    .updateTable('orders')
    .set({ status: 'success', codes_enc: codesEnc })
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
