import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * `products.keywords`: other words the store search finds a product by (a Latin name, "uc",
 * a nickname), as categories already have. Empty by default on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('keywords', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('keywords').execute();
}
