import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * `ledger:verify` reads every ledger row in customer order (each customer's sum, and the running
 * balance row by row): through `ledger_user_id` that was one table lookup per row, scattered
 * over the table. On 5,000,000 rows it took 39–99 s on SQLite (18 s for the sums, 26 s for the
 * running balances) and 38–43 s on PostgreSQL (17 s sorting for the running balances). The
 * index that replaces it carries what those reads need, in the same order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`create index ledger_user on ledger (user_id, id)
      include (credit, debit, balance_after, ref_type)`.execute(db);
  else
    await db.schema
      .createIndex('ledger_user')
      .on('ledger')
      .columns(['user_id', 'id', 'credit', 'debit', 'balance_after', 'ref_type'])
      .execute();
  await db.schema.dropIndex('ledger_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ledger_user_id').on('ledger').columns(['user_id', 'id']).execute();
  await db.schema.dropIndex('ledger_user').execute();
}
