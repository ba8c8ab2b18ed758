import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * The resellers' webhooks (Standard Webhooks 1.0). `webhook_endpoints`: a customer's URL, the
 * events it takes (a JSON array of names), its signing secret sealed with the app key (and the
 * previous one while a rotation overlaps), and its failure state. `webhook_deliveries`: the
 * outbox, one row per (event, endpoint), written in the transaction of the change it reports
 * (`subject`: the changed row as JSON, as the change left it), delivered after the commit by
 * the webhook worker with a lease and retried with back-off; its `event_id` is the
 * `webhook-id` header, the same on every attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    t.addColumn('id', postgres ? 'bigserial' : 'integer', (c: any) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable('webhook_endpoints'))
    .addColumn('user_id', 'bigint', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'varchar(500)', (c: any) => c.notNull())
    .addColumn('events', 'varchar(200)', (c: any) => c.notNull())
    .addColumn('secret_enc', 'text', (c: any) => c.notNull())
    .addColumn('previous_secret_enc', 'text')
    .addColumn('previous_secret_until', 'varchar(40)')
    .addColumn('failing_since', 'varchar(40)')
    .addColumn('disabled_at', 'varchar(40)')
    .addColumn('disabled_reason', 'varchar(10)')
    .addColumn('created_at', 'varchar(40)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_user').on('webhook_endpoints').column('user_id').execute();

  await id(db.schema.createTable('webhook_deliveries'))
    .addColumn('endpoint_id', 'bigint', (c: any) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c: any) => c.notNull())
    .addColumn('event_id', 'varchar(40)', (c: any) => c.notNull())
    .addColumn('type', 'varchar(20)', (c: any) => c.notNull())
    .addColumn('subject', 'text', (c: any) => c.notNull())
    .addColumn('state', 'varchar(10)', (c: any) => c.notNull())
    .addColumn('manual', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(40)')
    .addColumn('lease_owner', 'varchar(32)')
    .addColumn('lease_until', 'varchar(40)')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('delivered_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
