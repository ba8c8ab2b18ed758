import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Each storefront other than 1 has an account with the provider (issue 34): `balance` (USD
 * micros; negative down to `-credit_limit` at most) and `storefront_ledger`, one row per change
 * of it (an order's or a number's debit at the provider's price, their reversal, an operator's
 * credit or debit) with the running total, as the customers' `ledger`. Storefront 1 is the
 * provider and has none.
 *
 * A storefront's orders and number purchases placed before this migration were never debited:
 * `orders_from` / `numbers_from` are the last ids then, so `ledger:verify` checks only the later
 * ones. Storefronts added later start at 0 (their account row is made on its first change).
 * One debit and one reversal per order or number at most: a unique index on (ref_type, ref_id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('storefront_accounts')
    .addColumn('storefront_id', 'bigint', (c) => c.primaryKey().references('storefronts.id'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_limit', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`credit_limit >= 0`))
    .addColumn('refused_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_refused_at', 'varchar(32)')
    .addColumn('last_refused_price', 'bigint')
    .addColumn('orders_from', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('numbers_from', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('storefront_ledger')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().references('storefronts.id'))
    .addColumn('credit', 'bigint', (c) => c.notNull().check(sql`credit >= 0`))
    .addColumn('debit', 'bigint', (c) => c.notNull().check(sql`debit >= 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(16)', (c) =>
      c.notNull().check(sql`ref_type in ('order', 'order_refund', 'number', 'number_refund', 'adjust')`),
    )
    .addColumn('ref_id', 'bigint')
    .addColumn('actor_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('storefront_ledger_storefront')
    .on('storefront_ledger')
    .columns(['storefront_id', 'id'])
    .execute();
  // The staff's warning sums the last 7 days' lines of one storefront.
  await db.schema
    .createIndex('storefront_ledger_since')
    .on('storefront_ledger')
    .columns(['storefront_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('storefront_ledger_ref')
    .on('storefront_ledger')
    .columns(['ref_type', 'ref_id'])
    .unique()
    .where(sql.ref('ref_id'), 'is not', null)
    .execute();
  const t = new Date().toISOString();
  await sql`
    insert into storefront_accounts (storefront_id, orders_from, numbers_from, updated_at)
    select s.id,
      coalesce((select max(id) from orders), 0),
      coalesce((select max(id) from number_activations), 0),
      ${t}
    from storefronts s where s.id <> 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('storefront_ledger').execute();
  await db.schema.dropTable('storefront_accounts').execute();
}
