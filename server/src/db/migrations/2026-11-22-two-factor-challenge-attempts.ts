import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * A challenge remembers the device token of the sign-in that opened it (so the session it ends
 * in gets it) and counts its code attempts, so a stolen challenge id cannot be guessed at forever.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('two_factor_challenges').addColumn('device_token', 'varchar(512)').execute();
  await db.schema
    .alterTable('two_factor_challenges')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('two_factor_challenges').dropColumn('attempts').execute();
  await db.schema.alterTable('two_factor_challenges').dropColumn('device_token').execute();
}
