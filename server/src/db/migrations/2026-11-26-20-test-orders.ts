import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Test mode of the resellers' API, kept out of every live table: `test_orders` holds the orders
 * placed with `rsd_test_` keys (the live order's columns a reply shows, plus `due_at`, when a
 * "later" outcome completes), `test_balances` each customer's play balance. Nothing here is money:
 * the ledger, the dashboard, exports and ledger:verify never read these tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('test_orders')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'bigint', (c) => c.notNull())
    .addColumn('product_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('message', 'text')
    .addColumn('cancel_msg', 'text')
    .addColumn('codes_enc', 'text')
    .addColumn('idempotency_key', 'varchar(255)')
    .addColumn('due_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_orders_user').on('test_orders').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('test_orders_user_key')
    .on('test_orders')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema.createIndex('test_orders_due').on('test_orders').column('due_at').execute();
  await db.schema
    .createTable('test_balances')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_balances').execute();
  await db.schema.dropTable('test_orders').execute();
}
