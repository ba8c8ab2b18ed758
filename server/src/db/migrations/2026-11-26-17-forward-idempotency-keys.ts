import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * The Idempotency-Key a forwarded order is sent upstream with, stored with its outbox row when
 * the order is placed. It used to be an HMAC of the order id, made again at every attempt: had
 * the key that made it changed between two attempts, the supplier would have seen a new order.
 * Rows made before stay null and keep that HMAC (the MAC key never rotates), until
 * `npm run keys -- rotate` stores it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_outbox').addColumn('idempotency_key', 'varchar(60)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_outbox').dropColumn('idempotency_key').execute();
}
