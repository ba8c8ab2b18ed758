import type { Kysely } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Top-ups in the bank's currency (docs/topups.md#currencies). `banks.currency` (USD, SYP, TRY) and `banks.rate`,
 * local units per 1 US dollar in micros; existing banks are USD at 1. Each request keeps the currency and rate it
 * was made at and the amount transferred in that currency (`amount_local`, micros); `amount` stays the dollars
 * credited. Existing requests were all in dollars: their `amount_local` is their `amount`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('banks')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await db.schema
    .alterTable('banks')
    .addColumn('rate', 'bigint', (c) => c.notNull().defaultTo(1_000_000))
    .execute();
  await db.schema
    .alterTable('charges')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await db.schema
    .alterTable('charges')
    .addColumn('rate', 'bigint', (c) => c.notNull().defaultTo(1_000_000))
    .execute();
  await db.schema.alterTable('charges').addColumn('amount_local', 'bigint').execute();
  await db
    .updateTable('charges')
    .set((eb) => ({ amount_local: eb.ref('amount') }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['amount_local', 'rate', 'currency']) {
    await db.schema.alterTable('charges').dropColumn(column).execute();
  }
  for (const column of ['rate', 'currency']) {
    await db.schema.alterTable('banks').dropColumn(column).execute();
  }
}
