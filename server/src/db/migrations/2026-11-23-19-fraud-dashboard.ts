import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Fraud control on top-ups: each receipt keeps its SHA-256 and a 64-bit perceptual hash (dHash,
 * 16 hex chars), the earlier request it copies, and the optional bank transfer reference the
 * customer typed (normalized, so "ab 12" and "AB12" meet). Plus the indexes the operator
 * dashboard and the exports read by: every range query walks `created_at` (for orders the index also covers
 * what the dashboard sums, so it never reads the table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('charges').addColumn('img_sha256', 'varchar(64)').execute();
  await db.schema.alterTable('charges').addColumn('img_phash', 'varchar(16)').execute();
  await db.schema.alterTable('charges').addColumn('duplicate_of', 'bigint').execute();
  await db.schema.alterTable('charges').addColumn('transfer_ref', 'varchar(100)').execute();
  await db.schema.createIndex('charges_sha256').on('charges').column('img_sha256').execute();
  await db.schema.createIndex('charges_transfer_ref').on('charges').column('transfer_ref').execute();
  await db.schema.createIndex('charges_created').on('charges').columns(['created_at', 'status']).execute();
  await db.schema
    .createIndex('orders_created')
    .on('orders')
    .columns(['created_at', 'status', 'product_id', 'price'])
    .execute();
  // The oldest request still waiting, by time (ids need not follow time after an import).
  await db.schema.createIndex('orders_status_created').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('charges_status_created').on('charges').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
  await db.schema.createIndex('ledger_created').on('ledger').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'ledger_created',
    'users_created',
    'charges_status_created',
    'orders_status_created',
    'orders_created',
    'charges_created',
    'charges_transfer_ref',
    'charges_sha256',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['transfer_ref', 'duplicate_of', 'img_phash', 'img_sha256']) {
    await db.schema.alterTable('charges').dropColumn(column).execute();
  }
}
