import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * The resellers' API keys. `users.api_access`: the operator lets a customer make keys (0/1).
 * `api_keys`: one row per key, holding only a keyed hash of its token (`token_hash`, an
 * HMAC-SHA-256 with a key derived for this purpose, named by `hash_key`), never the token; the
 * `prefix` is the start of the token shown in lists. `allowed_ips` is a JSON array of addresses
 * and CIDR ranges, or null for any address. A revoked key keeps its row (`revoked_at`), so its
 * next call is told it was revoked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('api_access', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('api_keys')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('mode', 'varchar(4)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hash_key', 'varchar(16)', (c) => c.notNull())
    .addColumn('allowed_ips', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(40)')
    .addColumn('revoked_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.alterTable('users').dropColumn('api_access').execute();
}
