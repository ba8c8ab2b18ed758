import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Summaries for the operator's dashboard (docs/performance.md, "Dashboard summaries"): on
 * 1,000,000 orders over 90 days it read every order, top-up request and customer of the range,
 * 1.6 s on PostgreSQL and 3.8 s on SQLite, blocking every other request of a SQLite store
 * meanwhile. Now rows created before `dashboard_summaries.until` (a UTC midnight at least two days
 * back) are counted per UTC hour (and, for sales, per product and UTC day), and only the days
 * since are read from the tables.
 *
 * The summaries are kept right by triggers when such an older row is inserted, changes (status,
 * money, product, time, a customer's role) or is deleted. Rows written now are always newer than
 * `until`, so placing an order touches no summary row. On PostgreSQL a trigger about a row more
 * than a day old first takes `until` FOR SHARE, so it waits while `until` moves forward (which
 * takes it FOR UPDATE) and then adds to the summary that now holds its row.
 */

const summaries = [
  'create table orders_by_hour (at_hour varchar(13) not null, status varchar(16) not null, n bigint not null, ' +
    'total bigint not null, primary key (at_hour, status))',
  'create table charges_by_hour (at_hour varchar(13) not null, status varchar(16) not null, n bigint not null, ' +
    'total bigint not null, primary key (at_hour, status))',
  'create table customers_by_hour (at_hour varchar(13) not null primary key, n bigint not null)',
  'create table sales_by_product_day (at_day varchar(10) not null, product_id bigint not null, n bigint not null, ' +
    'total bigint not null, primary key (at_day, product_id))',
  'create table dashboard_summaries (id integer primary key, until varchar(32) not null)',
];

const add = (table: string, key: string, columns: string) =>
  `on conflict (${key}) do update set ${columns
    .split(', ')
    .map((c) => `${c} = ${table}.${c} + excluded.${c}`)
    .join(', ')}`;

/** Every row created before `until`, counted (as a later move forward does from the old `until`). */
function backfill(until: string) {
  const q = (s: string) => sql.raw(s.replaceAll('$until', `'${until}'`));
  return [
    q(`insert into orders_by_hour (at_hour, status, n, total)
      select substr(created_at, 1, 13), status, count(*), sum(price) from orders where created_at < $until
      group by substr(created_at, 1, 13), status`),
    q(`insert into charges_by_hour (at_hour, status, n, total)
      select substr(created_at, 1, 13), status, count(*), sum(amount) from charges where created_at < $until
      group by substr(created_at, 1, 13), status`),
    q(`insert into customers_by_hour (at_hour, n)
      select substr(created_at, 1, 13), count(*) from users where created_at < $until and role = 'customer'
      group by substr(created_at, 1, 13)`),
    q(`insert into sales_by_product_day (at_day, product_id, n, total)
      select substr(created_at, 1, 10), product_id, count(*), sum(price) from orders
      where created_at < $until and status = 'success' group by substr(created_at, 1, 10), product_id`),
    q('insert into dashboard_summaries (id, until) values (1, $until)'),
  ];
}

/** The statements that count one row (r: `new` or `old`) with sign s, if it is older than `until`. */
function sqliteCounting(table: 'orders' | 'charges' | 'users', r: string, s: string): string {
  const older = `${r}.created_at < (select until from dashboard_summaries where id = 1)`;
  if (table === 'users')
    return `insert into customers_by_hour (at_hour, n) select substr(${r}.created_at, 1, 13), ${s}
      where ${r}.role = 'customer' and ${older} ${add('customers_by_hour', 'at_hour', 'n')};`;
  const hours = `${table}_by_hour`;
  const money = table === 'orders' ? 'price' : 'amount';
  const byHour = `insert into ${hours} (at_hour, status, n, total)
      select substr(${r}.created_at, 1, 13), ${r}.status, ${s}, ${s} * ${r}.${money}
      where ${older} ${add(hours, 'at_hour, status', 'n, total')};`;
  if (table === 'charges') return byHour;
  return `${byHour}
    insert into sales_by_product_day (at_day, product_id, n, total)
      select substr(${r}.created_at, 1, 10), ${r}.product_id, ${s}, ${s} * ${r}.price
      where ${r}.status = 'success' and ${older} ${add('sales_by_product_day', 'at_day, product_id', 'n, total')};`;
}

const WATCHED = {
  orders: 'status, price, product_id, created_at',
  charges: 'status, amount, created_at',
  users: 'role, created_at',
};

function sqliteTriggers(table: 'orders' | 'charges' | 'users'): string[] {
  return sqliteSummaryTriggers(table, WATCHED[table], (r, sign) => sqliteCounting(table, r, sign));
}

/**
 * SQLite: the triggers that count a table's rows into its summaries (`counting` adds a row's
 * sign), for rows older than the summaries' `until`. Migration 28 makes its own with it.
 */
export function sqliteSummaryTriggers(
  table: string,
  watched: string,
  counting: (row: string, sign: string) => string,
): string[] {
  const older = (r: string) => `${r}.created_at < (select until from dashboard_summaries where id = 1)`;
  return [
    `create trigger ${table}_summary_insert after insert on ${table} when ${older('new')}
      begin ${counting('new', '1')} end`,
    `create trigger ${table}_summary_update after update of ${watched} on ${table}
      when ${older('old')} or ${older('new')}
      begin ${counting('old', '-1')} ${counting('new', '1')} end`,
    `create trigger ${table}_summary_delete after delete on ${table} when ${older('old')}
      begin ${counting('old', '-1')} end`,
  ];
}

/** PostgreSQL: one counting function per table, called with a row's fields; then one trigger function. */
const pgCounting = {
  orders: `create function orders_summary_count(p_at text, p_status text, p_product bigint, p_price bigint, p_sign int)
    returns void language sql as $$
      insert into orders_by_hour (at_hour, status, n, total)
        values (substr(p_at, 1, 13), p_status, p_sign, p_sign * p_price)
        ${add('orders_by_hour', 'at_hour, status', 'n, total')};
      insert into sales_by_product_day (at_day, product_id, n, total)
        select substr(p_at, 1, 10), p_product, p_sign, p_sign * p_price where p_status = 'success'
        ${add('sales_by_product_day', 'at_day, product_id', 'n, total')};
    $$`,
  charges: `create function charges_summary_count(p_at text, p_status text, p_amount bigint, p_sign int)
    returns void language sql as $$
      insert into charges_by_hour (at_hour, status, n, total)
        values (substr(p_at, 1, 13), p_status, p_sign, p_sign * p_amount)
        ${add('charges_by_hour', 'at_hour, status', 'n, total')};
    $$`,
  users: `create function users_summary_count(p_at text, p_role text, p_sign int)
    returns void language sql as $$
      insert into customers_by_hour (at_hour, n) select substr(p_at, 1, 13), p_sign where p_role = 'customer'
        ${add('customers_by_hour', 'at_hour', 'n')};
    $$`,
};
const pgCall = {
  orders: (r: string, s: string) =>
    `perform orders_summary_count(${r}.created_at, ${r}.status, ${r}.product_id, ${r}.price, ${s})`,
  charges: (r: string, s: string) => `perform charges_summary_count(${r}.created_at, ${r}.status, ${r}.amount, ${s})`,
  users: (r: string, s: string) => `perform users_summary_count(${r}.created_at, ${r}.role, ${s})`,
};
/** The summary row a change touches first: two changes of one transaction always lock in this order. */
const pgKey = { orders: 'created_at || status', charges: 'created_at || status', users: 'created_at' };

/**
 * The PostgreSQL trigger function `name` that keeps a table's summary rows, `count` adding a
 * row's sign to them: a change counts only for a row older than a day and than the summaries'
 * `until`; an update counts the row out and back in, in `key` order, so that two changes of one
 * transaction lock their summary rows in the same order. `first` runs before the rest (migration
 * 28: a customer moved to another storefront). Migrations 28 and 31 make theirs with it.
 */
export function summaryFunction(
  name: string,
  key: (row: string) => string,
  count: (row: string, sign: string) => string,
  first = '',
): string {
  return `create function ${name}() returns trigger language plpgsql as $$
    declare
      horizon text := to_char(clock_timestamp() at time zone 'UTC' - interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
      summarized text;
      was boolean := false;
      is_now boolean := false;
    begin
      ${first ? `${first}\n      ` : ''}-- A row of the last day is newer than any until: nothing to count, no lock.
      if tg_op <> 'INSERT' and old.created_at < horizon then was := true; end if;
      if tg_op <> 'DELETE' and new.created_at < horizon then is_now := true; end if;
      if not was and not is_now then return null; end if;
      select until into summarized from dashboard_summaries where id = 1 for share;
      was := was and old.created_at < summarized;
      is_now := is_now and new.created_at < summarized;
      if was and is_now and ${key('new')} < ${key('old')} then
        ${count('new', '1')};
        ${count('old', '-1')};
      else
        if was then ${count('old', '-1')}; end if;
        if is_now then ${count('new', '1')}; end if;
      end if;
      return null;
    end $$`;
}

function pgTrigger(table: 'orders' | 'charges' | 'users'): string[] {
  const call = pgCall[table];
  const key = (r: string) => pgKey[table].replace(/(\w+)/g, `${r}.$1`);
  return [
    pgCounting[table],
    summaryFunction(`${table}_summary`, key, call),
    `create trigger ${table}_summary after insert or delete or update of ${WATCHED[table]} on ${table}
      for each row execute function ${table}_summary()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // No writer may slip between the counting below and the triggers that keep it right.
  if (postgres) await sql`lock table orders, charges, users in share row exclusive mode`.execute(db);
  for (const s of summaries) await sql.raw(s).execute(db);
  const day = 86_400_000;
  const until = new Date(Math.floor((Date.now() - 2 * day) / day) * day).toISOString();
  for (const s of backfill(until)) await s.execute(db);
  for (const table of ['orders', 'charges', 'users'] as const)
    for (const s of postgres ? pgTrigger(table) : sqliteTriggers(table)) await sql.raw(s).execute(db);
  // The range scans of the days since `until` read the top-ups' amounts from the index too.
  await db.schema.dropIndex('charges_created').execute();
  if (postgres) await sql`create index charges_created on charges (created_at, status) include (amount)`.execute(db);
  else
    await db.schema.createIndex('charges_created').on('charges').columns(['created_at', 'status', 'amount']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of ['orders', 'charges', 'users']) {
    if (postgres) {
      await sql.raw(`drop trigger ${table}_summary on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_summary()`).execute(db);
    } else {
      for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger ${table}_summary_${op}`).execute(db);
    }
  }
  if (postgres) {
    await sql`drop function orders_summary_count(text, text, bigint, bigint, int)`.execute(db);
    await sql`drop function charges_summary_count(text, text, bigint, int)`.execute(db);
    await sql`drop function users_summary_count(text, text, int)`.execute(db);
  }
  for (const t of [
    'dashboard_summaries',
    'sales_by_product_day',
    'customers_by_hour',
    'charges_by_hour',
    'orders_by_hour',
  ])
    await db.schema.dropTable(t).execute();
  await db.schema.dropIndex('charges_created').execute();
  await db.schema.createIndex('charges_created').on('charges').columns(['created_at', 'status']).execute();
}
