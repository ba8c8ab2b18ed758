import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * `products.redeem_instructions`: the operator's steps for using what the product delivers (where to
 * enter a code), shown with the code on the purchase result and the order page. Null: no steps.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('redeem_instructions', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('redeem_instructions').execute();
}
