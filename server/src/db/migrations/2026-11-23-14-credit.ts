import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Selling on credit: each lend and repayment is one row of `debt_entries` (the history the
 * operator and `ledger:verify` read; `users.deposit` is its running total), and a customer may
 * carry a `credit_limit` beyond which nothing more is lent (null: no limit).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('credit_limit', 'bigint').execute();
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('debt_entries')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('lend', 'repay')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('debt_after', 'bigint', (c) => c.notNull().check(sql`debt_after >= 0`))
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('debt_entries_user').on('debt_entries').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('debt_entries').execute();
  await db.schema.alterTable('users').dropColumn('credit_limit').execute();
}
