import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Hardening, second pass:
 * - sessions remember whether "remember me" was asked (without it a session ends after a day
 *   without use) and when the password was last confirmed on them;
 * - trusted devices: a device that signed in to an account before keeps signing in while
 *   strangers are slowed down (OWASP's device cookie, as a token);
 * - Google ID tokens seen, so one is accepted once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('sessions').addColumn('confirmed_at', 'varchar(40)').execute();
  await db.schema
    .createTable('trusted_devices')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trusted_devices_user').on('trusted_devices').column('user_id').execute();
  await db.schema
    .createTable('google_tokens_seen')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('google_tokens_seen').execute();
  await db.schema.dropTable('trusted_devices').execute();
  await db.schema.alterTable('sessions').dropColumn('confirmed_at').execute();
  await db.schema.alterTable('sessions').dropColumn('remember').execute();
}
