import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * A way back into an account: single-use password-reset links, kept only as the SHA-256 of their
 * token, valid 30 minutes. And why a session ended (a password change, two-factor turned on…),
 * so a device signed out from elsewhere can tell its customer why.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
  await db.schema.alterTable('sessions').addColumn('revoked_reason', 'varchar(20)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('revoked_reason').execute();
  await db.schema.dropTable('password_resets').execute();
}
