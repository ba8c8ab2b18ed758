import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/**
 * Number purchases: virtual phone numbers for SMS activation bought from a provider that speaks
 * the handler-API protocol. A purchase row is written with its debit in one transaction and is
 * its own work item for the numbers worker (lease + next_at, like order_outbox).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('number_providers'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('base_url', 'varchar(300)', (c) => c.notNull())
    .addColumn('api_key_enc', 'text', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('synced_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('number_services'))
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('number_providers.id'))
    .addColumn('service', 'varchar(40)', (c) => c.notNull())
    .addColumn('country', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('country_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('price_syr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('price_tr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cost', 'bigint')
    .addColumn('available_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('number_services_unique', ['provider_id', 'service', 'country'])
    .execute();

  await withId(db, db.schema.createTable('number_activations'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('service_id', 'bigint', (c) => c.notNull().references('number_services.id'))
    .addColumn('provider_id', 'bigint', (c) => c.notNull().references('number_providers.id'))
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('step', 'varchar(10)', (c) => c.notNull())
    .addColumn('upstream_id', 'varchar(100)')
    .addColumn('phone', 'varchar(40)')
    .addColumn('codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('requested_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('refunded_at', 'varchar(32)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('last_error', 'text')
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('number_activations_idem', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('number_activations_due').on('number_activations').columns(['step', 'next_at']).execute();
  await db.schema.createIndex('number_activations_user').on('number_activations').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('number_activations').execute();
  await db.schema.dropTable('number_services').execute();
  await db.schema.dropTable('number_providers').execute();
}
