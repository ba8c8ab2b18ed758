import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Customers belong to one storefront (issue 34, second slice). `users.storefront_id`: the
 * storefront a customer registered on, 1 for every customer there was; NULL for operators, who
 * belong to no storefront (they sign in on any host and are scoped by their account).
 *
 * E-mail and the Google link stop being unique across the installation: a customer's are unique
 * within its storefront, an operator's among operators (partial unique indexes, both engines).
 * That an operator's e-mail is held by no customer anywhere is kept by the code that writes them
 * (accounts, users/bootstrap.ts), since no index spans both. Two plain indexes keep the lookups by
 * e-mail and by Google subject as fast as the unique constraints made them, a third the operator's
 * list of one storefront's customers.
 *
 * The old constraints were declared on the columns. PostgreSQL drops them by name; SQLite cannot
 * drop a column's UNIQUE, so the table is rebuilt without it (SQLite's documented procedure: the
 * migration run has foreign keys off and checks them before its commit, db/migrate.ts), keeping
 * every row, id, index, trigger and the id sequence.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('storefront_id', 'bigint', (c) => c.defaultTo(1))
    .execute();
  await db.updateTable('users').set({ storefront_id: null }).where('role', '=', 'operator').execute();
  if (postgres) await dropColumnUniques(db);
  else await rebuildSqliteUsers(db);
  await sql`create index users_email on users (email)`.execute(db);
  await sql`create index users_google_subject on users (google_subject)`.execute(db);
  // The operator's list of one storefront's customers, newest first.
  await sql`create index users_storefront on users (storefront_id, id)`.execute(db);
  await sql`create unique index users_customer_email on users (storefront_id, email) where role = 'customer'`.execute(
    db,
  );
  await sql`create unique index users_operator_email on users (email) where role = 'operator'`.execute(db);
  await sql`create unique index users_customer_google on users (storefront_id, google_subject)
    where role = 'customer' and google_subject is not null`.execute(db);
  await sql`create unique index users_operator_google on users (google_subject)
    where role = 'operator' and google_subject is not null`.execute(db);
}

const UNIQUE_COLUMNS = ['email', 'google_subject'];

async function dropColumnUniques(db: Kysely<any>): Promise<void> {
  const found = await sql<{ conname: string }>`
    select c.conname from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.conrelid = 'users'::regclass and c.contype = 'u' and cardinality(c.conkey) = 1
      and a.attname in (${sql.join(UNIQUE_COLUMNS)})`.execute(db);
  if (found.rows.length !== UNIQUE_COLUMNS.length)
    throw new Error(`users: expected unique constraints on ${UNIQUE_COLUMNS.join(', ')}, found ${found.rows.length}`);
  for (const { conname } of found.rows) await sql`alter table users drop constraint ${sql.id(conname)}`.execute(db);
}

async function rebuildSqliteUsers(db: Kysely<any>): Promise<void> {
  const table = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'users'`.execute(db);
  let ddl = table.rows[0]!.sql;
  for (const column of UNIQUE_COLUMNS) {
    const declared = new RegExp(`("${column}" [^,]*?) unique`, 'i');
    if (!declared.test(ddl)) throw new Error(`users.${column}: its UNIQUE was not found in ${ddl}`);
    ddl = ddl.replace(declared, '$1');
  }
  ddl = ddl.replace(/^create table "users"/i, 'create table "users_rebuilt"');
  if (!ddl.startsWith('create table "users_rebuilt"')) throw new Error(`users: unexpected table text ${ddl}`);
  // Indexes (the automatic ones of constraints excepted) and triggers go with the table: kept to be made again.
  const extras = await sql<{ sql: string }>`select sql from sqlite_master
    where tbl_name = 'users' and type in ('index', 'trigger') and sql is not null`.execute(db);
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'users'`.execute(db);
  await sql.raw(ddl).execute(db);
  await sql`insert into users_rebuilt select * from users`.execute(db);
  await sql`drop table users`.execute(db);
  await sql`alter table users_rebuilt rename to users`.execute(db);
  for (const extra of extras.rows) await sql.raw(extra.sql).execute(db);
  // Ids of deleted accounts are not handed out again.
  if (sequence.rows[0])
    await sql`update sqlite_sequence set seq = ${sequence.rows[0].seq} where name = 'users'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'users_operator_google',
    'users_customer_google',
    'users_operator_email',
    'users_customer_email',
    'users_storefront',
    'users_google_subject',
    'users_email',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('users').dropColumn('storefront_id').execute();
  // Unique again across the installation (fails while one e-mail has accounts on two storefronts).
  await sql`create unique index users_email_unique on users (email)`.execute(db);
  await sql`create unique index users_google_subject_unique on users (google_subject)`.execute(db);
}
