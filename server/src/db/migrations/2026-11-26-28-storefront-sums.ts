import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { sqliteSummaryTriggers, summaryFunction } from './2026-11-26-12-dashboard-summaries';

// Frozen in time: this file must never import today's table types.

/**
 * The dashboard per storefront (issue 34): its summaries (migration 2026-11-26-12-dashboard-summaries)
 * gain a storefront dimension, so one storefront's figures are read from them as fast as all of
 * them, and the orders' hours gain `provider_total` (the provider's price of the same orders, null
 * read as `price`), so the storefronts' margins are summed from what each order kept.
 *
 * An order's storefront is its own `storefront_id`; a top-up's and a customer's is the customer's
 * (`users.storefront_id`; 0 in the summaries for an operator, who belongs to none). The tables are
 * rebuilt from the rows up to the same `until` and the triggers replaced by ones that also watch
 * the storefront and the provider's price, and move a customer's older top-ups when the customer
 * changes storefront. The index the range scans read orders by now covers
 * both columns too.
 */

const summaries = [
  'create table orders_by_hour (at_hour varchar(13) not null, storefront_id bigint not null, ' +
    'status varchar(16) not null, n bigint not null, total bigint not null, provider_total bigint not null, ' +
    'primary key (at_hour, storefront_id, status))',
  'create table charges_by_hour (at_hour varchar(13) not null, storefront_id bigint not null, ' +
    'status varchar(16) not null, n bigint not null, total bigint not null, ' +
    'primary key (at_hour, storefront_id, status))',
  'create table customers_by_hour (at_hour varchar(13) not null, storefront_id bigint not null, ' +
    'n bigint not null, primary key (at_hour, storefront_id))',
  'create table sales_by_product_day (at_day varchar(10) not null, storefront_id bigint not null, ' +
    'product_id bigint not null, n bigint not null, total bigint not null, ' +
    'primary key (at_day, storefront_id, product_id))',
  // One storefront's hours and days without reading every other storefront's.
  'create index orders_by_hour_storefront on orders_by_hour (storefront_id, at_hour)',
  'create index charges_by_hour_storefront on charges_by_hour (storefront_id, at_hour)',
  'create index customers_by_hour_storefront on customers_by_hour (storefront_id, at_hour)',
  'create index sales_by_product_day_storefront on sales_by_product_day (storefront_id, at_day)',
];
const TABLES = ['orders_by_hour', 'charges_by_hour', 'customers_by_hour', 'sales_by_product_day'];

const add = (table: string, key: string, columns: string) =>
  `on conflict (${key}) do update set ${columns
    .split(', ')
    .map((c) => `${c} = ${table}.${c} + excluded.${c}`)
    .join(', ')}`;

const chargeStore = (userId: string) => `coalesce((select storefront_id from users where id = ${userId}), 0)`;

/** Every row created before `until`, counted again with its storefront. */
const backfill = [
  `insert into orders_by_hour (at_hour, storefront_id, status, n, total, provider_total)
    select substr(created_at, 1, 13), storefront_id, status, count(*), sum(price), sum(coalesce(provider_price, price))
    from orders where created_at < (select until from dashboard_summaries where id = 1)
    group by substr(created_at, 1, 13), storefront_id, status`,
  `insert into charges_by_hour (at_hour, storefront_id, status, n, total)
    select substr(c.created_at, 1, 13), coalesce(u.storefront_id, 0), c.status, count(*), sum(c.amount)
    from charges c left join users u on u.id = c.user_id
    where c.created_at < (select until from dashboard_summaries where id = 1)
    group by substr(c.created_at, 1, 13), coalesce(u.storefront_id, 0), c.status`,
  `insert into customers_by_hour (at_hour, storefront_id, n)
    select substr(created_at, 1, 13), coalesce(storefront_id, 0), count(*) from users
    where created_at < (select until from dashboard_summaries where id = 1) and role = 'customer'
    group by substr(created_at, 1, 13), coalesce(storefront_id, 0)`,
  `insert into sales_by_product_day (at_day, storefront_id, product_id, n, total)
    select substr(created_at, 1, 10), storefront_id, product_id, count(*), sum(price) from orders
    where created_at < (select until from dashboard_summaries where id = 1) and status = 'success'
    group by substr(created_at, 1, 10), storefront_id, product_id`,
];

/**
 * A customer who changes storefront (promoted to operator: none) takes their older top-ups along:
 * counted off the old storefront (`was`) and onto the new (`now`). `until` is the summaries' end.
 */
const moveTopups = (user: string, was: string, now: string, until: string) =>
  [
    [was, '-'],
    [now, ''],
  ]
    .map(
      ([store, sign]) => `insert into charges_by_hour (at_hour, storefront_id, status, n, total)
      select substr(created_at, 1, 13), ${store}, status, ${sign}count(*), ${sign}sum(amount) from charges
      where user_id = ${user} and created_at < ${until} group by substr(created_at, 1, 13), status
      ${add('charges_by_hour', 'at_hour, storefront_id, status', 'n, total')};`,
    )
    .join('\n');

/** The statements that count one row (r: `new` or `old`) with sign s, if it is older than `until`. */
function sqliteCounting(table: 'orders' | 'charges' | 'users', r: string, s: string): string {
  const older = `${r}.created_at < (select until from dashboard_summaries where id = 1)`;
  if (table === 'users')
    return `insert into customers_by_hour (at_hour, storefront_id, n)
      select substr(${r}.created_at, 1, 13), coalesce(${r}.storefront_id, 0), ${s}
      where ${r}.role = 'customer' and ${older} ${add('customers_by_hour', 'at_hour, storefront_id', 'n')};`;
  if (table === 'charges')
    return `insert into charges_by_hour (at_hour, storefront_id, status, n, total)
      select substr(${r}.created_at, 1, 13), ${chargeStore(`${r}.user_id`)}, ${r}.status, ${s}, ${s} * ${r}.amount
      where ${older} ${add('charges_by_hour', 'at_hour, storefront_id, status', 'n, total')};`;
  return `insert into orders_by_hour (at_hour, storefront_id, status, n, total, provider_total)
      select substr(${r}.created_at, 1, 13), ${r}.storefront_id, ${r}.status, ${s}, ${s} * ${r}.price,
        ${s} * coalesce(${r}.provider_price, ${r}.price)
      where ${older} ${add('orders_by_hour', 'at_hour, storefront_id, status', 'n, total, provider_total')};
    insert into sales_by_product_day (at_day, storefront_id, product_id, n, total)
      select substr(${r}.created_at, 1, 10), ${r}.storefront_id, ${r}.product_id, ${s}, ${s} * ${r}.price
      where ${r}.status = 'success' and ${older}
      ${add('sales_by_product_day', 'at_day, storefront_id, product_id', 'n, total')};`;
}

const WATCHED = {
  orders: 'status, price, provider_price, product_id, created_at, storefront_id',
  charges: 'status, amount, created_at, user_id',
  users: 'role, created_at, storefront_id',
};

function sqliteTriggers(table: 'orders' | 'charges' | 'users'): string[] {
  const moved =
    table === 'users'
      ? [
          `create trigger users_summary_storefront after update of storefront_id on users
        when coalesce(old.storefront_id, 0) <> coalesce(new.storefront_id, 0)
        begin ${moveTopups(
          'old.id',
          'coalesce(old.storefront_id, 0)',
          'coalesce(new.storefront_id, 0)',
          '(select until from dashboard_summaries where id = 1)',
        )} end`,
        ]
      : [];
  return [...moved, ...sqliteSummaryTriggers(table, WATCHED[table], (r, sign) => sqliteCounting(table, r, sign))];
}

/** PostgreSQL: one counting function per table, called with a row's fields, as before. */
const pgCounting = {
  orders: `create function orders_summary_count(p_at text, p_store bigint, p_status text, p_product bigint,
      p_price bigint, p_provider bigint, p_sign int)
    returns void language sql as $$
      insert into orders_by_hour (at_hour, storefront_id, status, n, total, provider_total)
        values (substr(p_at, 1, 13), p_store, p_status, p_sign, p_sign * p_price,
          p_sign * coalesce(p_provider, p_price))
        ${add('orders_by_hour', 'at_hour, storefront_id, status', 'n, total, provider_total')};
      insert into sales_by_product_day (at_day, storefront_id, product_id, n, total)
        select substr(p_at, 1, 10), p_store, p_product, p_sign, p_sign * p_price where p_status = 'success'
        ${add('sales_by_product_day', 'at_day, storefront_id, product_id', 'n, total')};
    $$`,
  charges: `create function charges_summary_count(p_at text, p_user bigint, p_status text, p_amount bigint, p_sign int)
    returns void language sql as $$
      insert into charges_by_hour (at_hour, storefront_id, status, n, total)
        values (substr(p_at, 1, 13), ${chargeStore('p_user')}, p_status, p_sign, p_sign * p_amount)
        ${add('charges_by_hour', 'at_hour, storefront_id, status', 'n, total')};
    $$`,
  users: `create function users_summary_count(p_at text, p_store bigint, p_role text, p_sign int)
    returns void language sql as $$
      insert into customers_by_hour (at_hour, storefront_id, n)
        select substr(p_at, 1, 13), coalesce(p_store, 0), p_sign where p_role = 'customer'
        ${add('customers_by_hour', 'at_hour, storefront_id', 'n')};
    $$`,
};
const pgCall = {
  orders: (r: string, s: string) =>
    `perform orders_summary_count(${r}.created_at, ${r}.storefront_id, ${r}.status, ${r}.product_id, ${r}.price, ` +
    `${r}.provider_price, ${s})`,
  charges: (r: string, s: string) =>
    `perform charges_summary_count(${r}.created_at, ${r}.user_id, ${r}.status, ${r}.amount, ${s})`,
  users: (r: string, s: string) => `perform users_summary_count(${r}.created_at, ${r}.storefront_id, ${r}.role, ${s})`,
};
/** The summary row a change touches first: two changes of one transaction always lock in this order. */
const pgKey = {
  orders: "created_at || ':' || storefront_id || ':' || status",
  charges: "created_at || ':' || user_id || ':' || status",
  users: "created_at || ':' || coalesce(storefront_id, 0)",
};

/** A customer moved to another storefront takes their top-ups' summaries with them. */
const MOVED_CUSTOMER = `if tg_op = 'UPDATE' and coalesce(old.storefront_id, 0) <> coalesce(new.storefront_id, 0) then
        select until into summarized from dashboard_summaries where id = 1 for share;
        perform users_summary_move(old.id, coalesce(old.storefront_id, 0), coalesce(new.storefront_id, 0), summarized);
      end if;`;

function pgTrigger(table: 'orders' | 'charges' | 'users'): string[] {
  const call = pgCall[table];
  const key = (r: string) => pgKey[table].replace(/\b(created_at|storefront_id|status|user_id)\b/g, `${r}.$1`);
  return [
    ...(table === 'users'
      ? [
          `create function users_summary_move(p_user bigint, p_was bigint, p_now bigint, p_until text)
    returns void language sql as $$ ${moveTopups('p_user', 'p_was', 'p_now', 'p_until')} $$`,
        ]
      : []),
    pgCounting[table],
    summaryFunction(`${table}_summary`, key, call, table === 'users' ? MOVED_CUSTOMER : ''),
    `create trigger ${table}_summary after insert or delete or update of ${WATCHED[table]} on ${table}
      for each row execute function ${table}_summary()`,
  ];
}

/** `counting`: the PostgreSQL counting functions; `moving`: whether this migration's top-up mover is there. */
async function dropTriggers(db: Kysely<any>, postgres: boolean, counting: string[], moving: boolean) {
  for (const table of ['orders', 'charges', 'users']) {
    if (postgres) {
      await sql.raw(`drop trigger ${table}_summary on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_summary()`).execute(db);
    } else {
      for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${table}_summary_${op}`).execute(db);
    }
  }
  if (moving)
    await sql
      .raw(
        postgres
          ? 'drop function users_summary_move(bigint, bigint, bigint, text)'
          : 'drop trigger users_summary_storefront',
      )
      .execute(db);
  if (postgres) for (const f of counting) await sql.raw(`drop function ${f}`).execute(db);
  for (const t of TABLES) await db.schema.dropTable(t).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // No writer may slip between the counting below and the triggers that keep it right.
  if (postgres)
    await sql`lock table orders, charges, users, dashboard_summaries in share row exclusive mode`.execute(db);
  await dropTriggers(
    db,
    postgres,
    [
      'orders_summary_count(text, text, bigint, bigint, int)',
      'charges_summary_count(text, text, bigint, int)',
      'users_summary_count(text, text, int)',
    ],
    false,
  );
  for (const s of summaries) await sql.raw(s).execute(db);
  for (const s of backfill) await sql.raw(s).execute(db);
  for (const table of ['orders', 'charges', 'users'] as const)
    for (const s of postgres ? pgTrigger(table) : sqliteTriggers(table)) await sql.raw(s).execute(db);
  await db.schema.dropIndex('orders_created').execute();
  await db.schema
    .createIndex('orders_created')
    .on('orders')
    .columns(['created_at', 'status', 'product_id', 'price', 'storefront_id', 'provider_price'])
    .execute();
}

/** Back to the summaries without storefronts, rebuilt from the rows. */
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('orders_created').execute();
  await db.schema
    .createIndex('orders_created')
    .on('orders')
    .columns(['created_at', 'status', 'product_id', 'price'])
    .execute();
  await dropTriggers(
    db,
    postgres,
    [
      'orders_summary_count(text, bigint, text, bigint, bigint, bigint, int)',
      'charges_summary_count(text, bigint, text, bigint, int)',
      'users_summary_count(text, bigint, text, int)',
    ],
    true,
  );
  // The earlier migration makes its tables, triggers and top-ups' index again, counted to a fresh `until`.
  await db.schema.dropTable('dashboard_summaries').execute();
  const earlier = await import('./2026-11-26-12-dashboard-summaries');
  await earlier.up(db);
}
