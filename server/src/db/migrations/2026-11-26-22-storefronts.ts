import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Several storefronts on one installation (issue 34, first slice). `storefronts`: one row per
 * branded store; storefront 1 is the provider's own store and holds everything that existed
 * before. Its addresses live in two tables whose primary key is the address itself, so a host or
 * an origin can belong to one storefront only, whatever two operators do at once; hosts are
 * stored lower-cased, origins as `scheme://host[:port]`. `markup_bp` (basis points: 1 % = 100)
 * waits for the prices slice; nothing reads it yet.
 *
 * The settings row keeps its shape: its `id` is the storefront's id (row 1 is storefront 1's,
 * as before); it gains `theme_color` (`#rrggbb`, null: the app's own), painted with the page.
 * Sliders, banks and partners gain `storefront_id`, 1 for every existing row.
 * `storefront_changes` is one row whose generation grows with any change to a storefront, so
 * every instance's in-memory map of hosts follows within a second (as `api_key_changes` does).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('storefronts')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('markup_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('storefront_hosts')
    .addColumn('host', 'varchar(253)', (c) => c.primaryKey())
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().references('storefronts.id'))
    .execute();
  await db.schema.createIndex('storefront_hosts_storefront').on('storefront_hosts').column('storefront_id').execute();
  await db.schema
    .createTable('storefront_origins')
    .addColumn('origin', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('storefront_id', 'bigint', (c) => c.notNull().references('storefronts.id'))
    .execute();
  await db.schema
    .createIndex('storefront_origins_storefront')
    .on('storefront_origins')
    .column('storefront_id')
    .execute();
  await db.schema
    .createTable('storefront_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('generation', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('storefront_changes').values({ id: 1, generation: 0 }).execute();

  const at = new Date().toISOString();
  const settings = await db.selectFrom('settings').select('name').where('id', '=', 1).executeTakeFirst();
  await db
    .insertInto('storefronts')
    .values({ id: 1, name: settings?.name ?? 'رصيد', markup_bp: 0, active: 1, created_at: at, updated_at: at })
    .execute();
  // The explicit id 1 leaves PostgreSQL's sequence behind it: the next storefront must be 2.
  if (postgres) await sql`select setval(pg_get_serial_sequence('storefronts', 'id'), 1)`.execute(db);

  await db.schema.alterTable('settings').addColumn('theme_color', 'varchar(7)').execute();
  for (const table of ['sliders', 'banks', 'partners']) {
    await db.schema
      .alterTable(table)
      .addColumn('storefront_id', 'bigint', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex(`${table}_storefront`).on(table).columns(['storefront_id', 'sort']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sliders', 'banks', 'partners']) {
    await db.schema.dropIndex(`${table}_storefront`).execute();
    await db.schema.alterTable(table).dropColumn('storefront_id').execute();
  }
  await db.schema.alterTable('settings').dropColumn('theme_color').execute();
  await db.schema.dropTable('storefront_changes').execute();
  await db.schema.dropTable('storefront_origins').execute();
  await db.schema.dropTable('storefront_hosts').execute();
  await db.schema.dropTable('storefronts').execute();
}
