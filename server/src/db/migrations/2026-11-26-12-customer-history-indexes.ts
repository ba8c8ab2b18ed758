import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * A customer's orders and top-up requests, read from one index each without visiting the table:
 * on a store of 1,000,000 orders a reseller with 14,000 of them had every row of theirs fetched
 * (spread over the whole table) to sum their purchases for the balance screen, to search their
 * orders, and to flag each of their top-up requests in the operator's queue (docs/benchmarks.md,
 * "A store ten times bigger"). The new indexes start with the columns of the ones they replace,
 * so every read that used those uses these. PostgreSQL carries the extra columns as INCLUDE
 * (index-only scans); SQLite as trailing key columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index orders_user on orders (user_id, id)
      include (status, price, product_name, data, phone)`.execute(db);
    await sql`create index charges_user_history on charges (user_id, id)
      include (status, amount, created_at)`.execute(db);
  } else {
    await db.schema
      .createIndex('orders_user')
      .on('orders')
      .columns(['user_id', 'id', 'status', 'price', 'product_name', 'data', 'phone'])
      .execute();
    await db.schema
      .createIndex('charges_user_history')
      .on('charges')
      .columns(['user_id', 'id', 'status', 'amount', 'created_at'])
      .execute();
  }
  await db.schema.dropIndex('orders_user_id').execute();
  await db.schema.dropIndex('charges_user').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_user_id').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('charges_user').on('charges').columns(['user_id', 'id']).execute();
  await db.schema.dropIndex('orders_user').execute();
  await db.schema.dropIndex('charges_user_history').execute();
}
