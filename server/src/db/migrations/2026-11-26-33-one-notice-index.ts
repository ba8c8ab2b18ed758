import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * `notifications_user_id` (2026-11-23-13) repeated `notifications_user` (the first release): both
 * on (user_id, id). Every notice (each stock sale writes one) paid for both on insert, and the
 * planner had two names for one range. The first release's stays.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_user_id').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
}
