import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { summaryFunction } from './2026-11-26-12-dashboard-summaries';

// Frozen in time: this file must never import today's table types.

/**
 * Number purchases in the dashboard's margins (docs/storefronts.md, "Sums per storefront"): a
 * summary of them per UTC hour, storefront and status, with the price charged and the provider's
 * price (null read as `price`), beside the orders' (migration 2026-11-26-28-storefront-sums), so
 * the margins read the days before `dashboard_summaries.until` from it and only the days since
 * from the table, on an index that covers what they sum.
 *
 * Every purchase created before `until` is counted here; triggers keep the count right when such
 * an older purchase is inserted, changes status, money, time or storefront, or is deleted, exactly
 * as the orders' do. A purchase bought now is newer than `until`, so buying one, and its status
 * moving within its window, touches no summary row (PostgreSQL's trigger returns before any lock
 * for a row of the last day). The storefront's list of purchases reads an index led by it.
 */

const add = (table: string, key: string, columns: string) =>
  `on conflict (${key}) do update set ${columns
    .split(', ')
    .map((c) => `${c} = ${table}.${c} + excluded.${c}`)
    .join(', ')}`;

const UNTIL = '(select until from dashboard_summaries where id = 1)';
const WATCHED = 'status, price, provider_price, created_at, storefront_id';
const ON_CONFLICT = add('numbers_by_hour', 'at_hour, storefront_id, status', 'n, total, provider_total');

/** SQLite: the statement that counts one row (r: `new` or `old`) with sign s, if it is older than `until`. */
const sqliteCounting = (r: string, s: string) =>
  `insert into numbers_by_hour (at_hour, storefront_id, status, n, total, provider_total)
    select substr(${r}.created_at, 1, 13), ${r}.storefront_id, ${r}.status, ${s}, ${s} * ${r}.price,
      ${s} * coalesce(${r}.provider_price, ${r}.price)
    where ${r}.created_at < ${UNTIL} ${ON_CONFLICT};`;

const sqliteTriggers = () => [
  `create trigger number_activations_summary_insert after insert on number_activations
    when new.created_at < ${UNTIL}
    begin ${sqliteCounting('new', '1')} end`,
  `create trigger number_activations_summary_update after update of ${WATCHED} on number_activations
    when old.created_at < ${UNTIL} or new.created_at < ${UNTIL}
    begin ${sqliteCounting('old', '-1')} ${sqliteCounting('new', '1')} end`,
  `create trigger number_activations_summary_delete after delete on number_activations
    when old.created_at < ${UNTIL}
    begin ${sqliteCounting('old', '-1')} end`,
];

const PG_COUNT_ARGS = 'text, bigint, text, bigint, bigint, int';
const pgCall = (r: string, s: string) =>
  `perform number_activations_summary_count(${r}.created_at, ${r}.storefront_id, ${r}.status, ${r}.price, ` +
  `${r}.provider_price, ${s})`;
/** The summary row a change touches first: two changes of one transaction always lock in this order. */
const pgKey = (r: string) => `${r}.created_at || ':' || ${r}.storefront_id || ':' || ${r}.status`;

/** PostgreSQL: a counting function called with a row's fields, and the trigger of migration 28's shape. */
const pgTriggers = () => [
  `create function number_activations_summary_count(p_at text, p_store bigint, p_status text, p_price bigint,
      p_provider bigint, p_sign int)
    returns void language sql as $$
      insert into numbers_by_hour (at_hour, storefront_id, status, n, total, provider_total)
        values (substr(p_at, 1, 13), p_store, p_status, p_sign, p_sign * p_price,
          p_sign * coalesce(p_provider, p_price))
        ${ON_CONFLICT};
    $$`,
  summaryFunction('number_activations_summary', pgKey, pgCall),
  `create trigger number_activations_summary after insert or delete or update of ${WATCHED} on number_activations
    for each row execute function number_activations_summary()`,
];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // No purchase may slip between the counting below and the triggers that keep it right.
  if (postgres) await sql`lock table number_activations, dashboard_summaries in share row exclusive mode`.execute(db);
  await sql`create table numbers_by_hour (at_hour varchar(13) not null, storefront_id bigint not null,
    status varchar(16) not null, n bigint not null, total bigint not null, provider_total bigint not null,
    primary key (at_hour, storefront_id, status))`.execute(db);
  // One storefront's hours without reading every other storefront's.
  await sql`create index numbers_by_hour_storefront on numbers_by_hour (storefront_id, at_hour)`.execute(db);
  await sql
    .raw(
      `insert into numbers_by_hour (at_hour, storefront_id, status, n, total, provider_total)
      select substr(created_at, 1, 13), storefront_id, status, count(*), sum(price),
        sum(coalesce(provider_price, price))
      from number_activations where created_at < ${UNTIL}
      group by substr(created_at, 1, 13), storefront_id, status`,
    )
    .execute(db);
  for (const s of postgres ? pgTriggers() : sqliteTriggers()) await sql.raw(s).execute(db);
  // The days since `until` are summed from the table: by time, covering what the margins add up.
  await db.schema
    .createIndex('number_activations_created')
    .on('number_activations')
    .columns(['created_at', 'status', 'storefront_id', 'price', 'provider_price'])
    .execute();
  // A storefront's purchases, newest first, for its operators and staff.
  await db.schema
    .createIndex('number_activations_storefront')
    .on('number_activations')
    .columns(['storefront_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('number_activations_storefront').execute();
  await db.schema.dropIndex('number_activations_created').execute();
  if (postgres) {
    await sql`drop trigger number_activations_summary on number_activations`.execute(db);
    await sql`drop function number_activations_summary()`.execute(db);
    await sql.raw(`drop function number_activations_summary_count(${PG_COUNT_ARGS})`).execute(db);
  } else {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger number_activations_summary_${op}`).execute(db);
  }
  await db.schema.dropTable('numbers_by_hour').execute();
}
