import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * `order_events`: one row per status change of an order (written by the one conditional UPDATE
 * that changes a status), so the customer's order page can show its status history.
 * `notification_reads`: how far each customer has read their notices (the newest id seen), so
 * the bell can count the unread ones; store-wide notices need no row per customer this way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = isPostgres(db) ? ('bigserial' as const) : ('integer' as const);
  await db.schema
    .createTable('order_events')
    .addColumn('id', id, (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_id').on('order_events').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('last_read_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // The bell counts a customer's notices above their marker on every page: keep it an index range.
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_id').ifExists().execute();
  await db.schema.dropTable('notification_reads').ifExists().execute();
  await db.schema.dropTable('order_events').ifExists().execute();
}
