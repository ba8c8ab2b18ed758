import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * A supplier that is another Raseed store tells us of its orders by webhook. On `suppliers`:
 * `hook_id` is the endpoint's id at the supplier, `hook_secret_enc` its `whsec_` secret sealed
 * with the app key (shown once upstream), `hook_url` the address it was registered for and
 * `hook_at` when (a new PUBLIC_URL, or credentials changed since, registers again).
 * `supplier_hook_events` remembers each `webhook-id` received, so a retried or replayed delivery
 * changes nothing. `order_outbox_upstream` finds the forwarded order a delivery speaks of.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('suppliers').addColumn('hook_id', 'varchar(40)').execute();
  await db.schema.alterTable('suppliers').addColumn('hook_secret_enc', 'text').execute();
  await db.schema.alterTable('suppliers').addColumn('hook_url', 'varchar(500)').execute();
  await db.schema.alterTable('suppliers').addColumn('hook_at', 'varchar(40)').execute();
  await db.schema
    .createTable('supplier_hook_events')
    .addColumn('supplier_id', 'bigint', (c) => c.notNull().references('suppliers.id').onDelete('cascade'))
    .addColumn('event_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('supplier_hook_events_pk', ['supplier_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('supplier_hook_events_received')
    .on('supplier_hook_events')
    .column('received_at')
    .execute();
  await db.schema
    .createIndex('order_outbox_upstream')
    .on('order_outbox')
    .columns(['supplier_id', 'upstream_order_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_outbox_upstream').execute();
  await db.schema.dropTable('supplier_hook_events').execute();
  await db.schema.alterTable('suppliers').dropColumn('hook_at').execute();
  await db.schema.alterTable('suppliers').dropColumn('hook_url').execute();
  await db.schema.alterTable('suppliers').dropColumn('hook_secret_enc').execute();
  await db.schema.alterTable('suppliers').dropColumn('hook_id').execute();
}
