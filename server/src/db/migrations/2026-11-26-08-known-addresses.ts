import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Hardening, third pass: a trusted device also remembers the address it signed in from (as an
 * HMAC with the app key, never the address itself), so an address that signed in to an account
 * before keeps signing in while strangers' password checks are limited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trusted_devices').addColumn('address_mac', 'varchar(64)').execute();
  await db.schema.createIndex('trusted_devices_address').on('trusted_devices').column('address_mac').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trusted_devices_address').execute();
  await db.schema.alterTable('trusted_devices').dropColumn('address_mac').execute();
}
