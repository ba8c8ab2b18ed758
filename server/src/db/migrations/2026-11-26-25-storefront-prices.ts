import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * A storefront's own prices (issue 34, second slice). `storefront_prices`: a storefront's rule
 * for one category or product: its own markup in basis points (null: the category's or the
 * storefront's applies) and whether it is hidden there. No row: the wider rule, shown.
 *
 * Orders gain the storefront they were placed on (1 for every existing order: there was no other)
 * and `provider_price`, the provider's price at that moment beside `price`, the one charged. Null
 * on the orders placed before: they were all charged the provider's price, so it is `price`.
 * Number purchases gain the same two columns, for the same reasons.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storefront_prices')
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().references('storefronts.id'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_id', 'bigint', (c) => c.notNull())
    .addColumn('markup_bp', 'integer')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('storefront_prices_pk', ['storefront_id', 'kind', 'target_id'])
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('orders').addColumn('provider_price', 'bigint').execute();
  await db.schema
    .alterTable('number_activations')
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('number_activations').addColumn('provider_price', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('number_activations').dropColumn('provider_price').execute();
  await db.schema.alterTable('number_activations').dropColumn('storefront_id').execute();
  await db.schema.alterTable('orders').dropColumn('provider_price').execute();
  await db.schema.alterTable('orders').dropColumn('storefront_id').execute();
  await db.schema.dropTable('storefront_prices').execute();
}
