import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Issue 18. `push_subscriptions`: a browser's Web Push subscription, one per session (ends with
 * it). `push_outbox`: one row per (notice, subscription), written in the notice's transaction and
 * sent after commit by the push worker with a lease, retried with back-off, deleted once sent.
 * `saved_players`: a customer's saved player ids / accounts per product type, with the name
 * check-player answered last time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (t: any) =>
    t.addColumn('id', postgres ? 'bigserial' : 'integer', (c: any) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    );
  await id(db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'bigint', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'bigint', (c: any) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (c: any) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c: any) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c: any) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema.createIndex('push_subscriptions_session').on('push_subscriptions').column('session_id').execute();

  await id(db.schema.createTable('push_outbox'))
    .addColumn('subscription_id', 'bigint', (c: any) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c: any) => c.notNull())
    .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('lease_owner', 'varchar(32)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').columns(['next_attempt_at', 'id']).execute();
  await db.schema.createIndex('push_outbox_subscription').on('push_outbox').column('subscription_id').execute();

  await id(db.schema.createTable('saved_players'))
    .addColumn('user_id', 'bigint', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('player_id', 'varchar(200)', (c: any) => c.notNull())
    .addColumn('label', 'varchar(60)', (c: any) => c.notNull())
    .addColumn('player_name', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .addUniqueConstraint('saved_players_unique', ['user_id', 'type', 'player_id'])
    .execute();
  await db.schema.createIndex('saved_players_user').on('saved_players').columns(['user_id', 'type']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_players').execute();
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
