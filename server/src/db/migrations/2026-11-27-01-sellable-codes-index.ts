import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * The codes a sale can take, in the order it takes them (oldest upload first): only unsold ones.
 * A sale picked the product's first available codes by id, and PostgreSQL's planner, whose
 * statistics lag behind the sales, walked the primary key for that and filtered out every code
 * sold before (the oldest ids): 4-5 ms a pick after 8,000 sales, growing with every one. A sale
 * now picks in this index's order, which only this index gives, so its pick and its count of
 * what is left read just the available codes. `product_codes_stock` stays for the counts by status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('product_codes_sellable')
    .on('product_codes')
    .columns(['product_id', 'created_at', 'id'])
    .where(sql.ref('status'), '=', sql.lit('available'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('product_codes_sellable').execute();
}
