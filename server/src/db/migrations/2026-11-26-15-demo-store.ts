import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * `demo_store`: one row when the demo seed made this database, so the demo's stand-in numbers
 * provider and supplier start only there and never on a store someone set up themselves.
 * `demo_accounts`: the demo's sign-ins, the password sealed with the app key beside the hash it
 * was seeded with; while `users.password_hash` still equals `password_hash`, the password is
 * unchanged and every start may print it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('demo_store')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('demo_accounts')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('password_enc', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('setup_key_enc', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('demo_accounts').execute();
  await db.schema.dropTable('demo_store').execute();
}
