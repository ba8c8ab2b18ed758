import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * `banks.holder`: the account holder's name, which customers check before a transfer.
 * `categories.keywords`: other names a category is searched by (Latin name, nicknames), so
 * "pubg" finds ببجي. Both default to empty text on both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('banks')
    .addColumn('holder', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('categories')
    .addColumn('keywords', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('keywords').execute();
  await db.schema.alterTable('banks').dropColumn('holder').execute();
}
