import { type Kysely, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * A top-up's bank transfer reference is kept as the customer typed it (`TRX-4455`), shown and
 * exported that way; the normalised copy it is matched on (`TRX4455`: no spaces, dashes or case)
 * moves to `transfer_ref_key`, with the index. Rows from before keep the normalised text in both:
 * what they were typed as was never stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('charges').addColumn('transfer_ref_key', 'varchar(100)').execute();
  await sql`update charges set transfer_ref_key = transfer_ref where transfer_ref is not null`.execute(db);
  await db.schema.createIndex('charges_transfer_ref_key').on('charges').column('transfer_ref_key').execute();
  await db.schema.dropIndex('charges_transfer_ref').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update charges set transfer_ref = transfer_ref_key`.execute(db);
  await db.schema.createIndex('charges_transfer_ref').on('charges').column('transfer_ref').execute();
  await db.schema.dropIndex('charges_transfer_ref_key').ifExists().execute();
  await db.schema.alterTable('charges').dropColumn('transfer_ref_key').execute();
}
