import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * What each staff member has seen of their storefront's refusals: the account's `refused_count`
 * when they last marked them seen. The console's banner shows while the account has counted more
 * since, whatever the last refusal's age, and says how many; each member marks their own, so a
 * colleague still sees the banner. A provider's operator may mark any storefront's: one row per
 * (user, storefront). An account's `refused_count` only grows, so the difference is exact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storefront_refusals_seen')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().references('storefronts.id'))
    .addColumn('refused_count', 'integer', (c) => c.notNull())
    .addColumn('seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('storefront_refusals_seen_pk', ['user_id', 'storefront_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('storefront_refusals_seen').execute();
}
