import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Storefront staff (issue 34): operator accounts bound to one storefront (`users.storefront_id`
 * set on an operator; the indexes of 2026-11-26-24-storefront-customers already allow it, an
 * operator's e-mail staying unique among operators).
 *
 * A store-wide notice gains the storefront it was sent to: `notifications.storefront_id`, null for
 * a notice to every storefront's customers (every one written before, and the provider's), else
 * shown to that storefront's customers only, as a storefront's staff send it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('storefront_id', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('storefront_id').execute();
}
