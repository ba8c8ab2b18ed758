import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Instant delivery: a product is fulfilled by hand, from the store's code stock, or by an
 * upstream supplier. Codes are kept encrypted, with a keyed hash to refuse duplicates; an
 * order forwarded to a supplier gets an outbox row in its own transaction, which a worker
 * claims with a lease.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('suppliers'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('email', 'varchar(200)')
    .addColumn('password_enc', 'text')
    .addColumn('token_enc', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('delivery', 'varchar(10)', (c) => c.notNull().defaultTo('manual'))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('low_stock_notified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('supplier_id', 'bigint', (c) => c.references('suppliers.id'))
    .execute();
  await db.schema.alterTable('products').addColumn('supplier_product_id', 'varchar(100)').execute();

  await db.schema
    .alterTable('orders')
    .addColumn('delivery', 'varchar(10)', (c) => c.notNull().defaultTo('manual'))
    .execute();
  await db.schema.alterTable('orders').addColumn('codes_enc', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('order_id', 'bigint').execute();

  await withId(db, db.schema.createTable('product_codes'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('code_enc', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('serial_enc', 'text')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('available'))
    .addColumn('order_id', 'bigint', (c) => c.references('orders.id'))
    .addColumn('sold_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('product_codes_unique', ['product_id', 'code_hash'])
    .execute();
  await db.schema
    .createIndex('product_codes_stock')
    .on('product_codes')
    .columns(['product_id', 'status', 'id'])
    .execute();
  await db.schema.createIndex('product_codes_order').on('product_codes').column('order_id').execute();

  await withId(db, db.schema.createTable('order_outbox'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('supplier_id', 'bigint', (c) => c.notNull().references('suppliers.id'))
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('upstream_order_id', 'varchar(100)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_outbox_due').on('order_outbox').columns(['state', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_outbox').execute();
  await db.schema.dropTable('product_codes').execute();
  await db.schema.alterTable('notifications').dropColumn('order_id').execute();
  for (const col of ['codes_enc', 'delivery']) await db.schema.alterTable('orders').dropColumn(col).execute();
  for (const col of ['supplier_product_id', 'supplier_id', 'low_stock_notified', 'low_stock_threshold', 'delivery']) {
    await db.schema.alterTable('products').dropColumn(col).execute();
  }
  await db.schema.dropTable('suppliers').execute();
}
