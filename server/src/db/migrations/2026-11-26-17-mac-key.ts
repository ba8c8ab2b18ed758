import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * One row: the id of the key the store's HMACs are made with (API-key hashes, backup codes, code
 * duplicates), recorded at the first start. A start with another HMAC key would make every API
 * key and backup code unknown without a word; with the id recorded it is refused instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mac_key')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key_id', 'varchar(20)', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mac_key').execute();
}
