import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * One row whose `generation` grows in the same transaction as any change that must stop a cached
 * API key (a revocation, API access turned off): each instance reads it at most once a second and
 * drops its cached keys when it moved, so keys can be kept in memory longer than that second.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('api_key_changes').values({ id: 1, generation: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_changes').execute();
}
