import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('customer'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`balance >= 0`))
    .addColumn('deposit', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('google_subject', 'varchar(300)', (c) => c.unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sessions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('device_token', 'varchar(512)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await withId(db, db.schema.createTable('backup_codes'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('backup_codes_user').on('backup_codes').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('cover', 'text')
    .addColumn('news', 'text')
    .addColumn('whatsapp', 'varchar(40)')
    .addColumn('facebook', 'text')
    .addColumn('telegram', 'text')
    .addColumn('instagram', 'text')
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('currency_mode', 'varchar(8)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('sliders'))
    .addColumn('img', 'text')
    .addColumn('link', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('categories'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('departments'))
    .addColumn('category_id', 'bigint', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('departments_category').on('departments').column('category_id').execute();

  await withId(db, db.schema.createTable('products'))
    .addColumn('category_id', 'bigint', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('department_id', 'bigint', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('name', 'varchar(160)', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('price_syr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('price_tr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('id'))
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('max', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unit_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_price_tr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('player_resolver', 'varchar(40)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  await db.schema.createIndex('products_department').on('products').column('department_id').execute();

  await withId(db, db.schema.createTable('orders'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'bigint', (c) => c.notNull().references('products.id'))
    .addColumn('product_name', 'varchar(160)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('price_syr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('price_tr', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data', 'varchar(300)')
    .addColumn('data2', 'varchar(300)')
    .addColumn('secret', 'text')
    .addColumn('phone', 'varchar(40)')
    .addColumn('note', 'varchar(1000)')
    .addColumn('api', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('cancel_msg', 'text')
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('orders_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user_id').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('ledger'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('credit', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`credit >= 0`))
    .addColumn('debit', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`debit >= 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('info', 'varchar(300)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(16)')
    .addColumn('ref_id', 'bigint')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_user_id').on('ledger').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('banks'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('iban', 'varchar(64)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('charges'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('bank_id', 'bigint', (c) => c.notNull().references('banks.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('img_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('decided_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('charges_user').on('charges').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('charges_status').on('charges').columns(['status', 'id']).execute();

  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('msg', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('partners'))
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('img', 'text')
    .addColumn('address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('actor_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'varchar(60)', (c) => c.notNull())
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_id', 'bigint')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log',
    'partners',
    'notifications',
    'charges',
    'banks',
    'ledger',
    'orders',
    'products',
    'departments',
    'categories',
    'sliders',
    'settings',
    'backup_codes',
    'two_factor_challenges',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
