import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen in time: this file must never import today's table types.

/**
 * Trigram indexes for the operator's searches (db/text-search.ts): an order's product name,
 * player data and phone, and a customer's name, e-mail and phone. A search is a substring match
 * anywhere in them (`lower(col) like '%…%'`), which no B-tree serves: on 1,000,000 orders a
 * search for one player id read every order, 1.7 s on SQLite and 3.5 s on PostgreSQL, and one
 * for an e-mail among 200,000 customers 0.2 s.
 *
 * SQLite: FTS5 tables with the trigram tokenizer over the table's own rows (external content),
 * kept by triggers that fire only when those columns are written. PostgreSQL: GIN indexes of
 * pg_trgm on the lowered columns; where the extension cannot be created (not installed, no
 * right) the migration goes on without them and searches read the tables as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    if (!(await createTrigram(db))) return;
    await sql`create index orders_text on orders using gin (lower(product_name) public.gin_trgm_ops,
      lower(data) public.gin_trgm_ops, lower(phone) public.gin_trgm_ops)`.execute(db);
    await sql`create index users_text on users using gin (lower(name) public.gin_trgm_ops,
      lower(email) public.gin_trgm_ops, lower(phone) public.gin_trgm_ops)`.execute(db);
    return;
  }
  for (const [table, columns] of [
    ['orders', ['product_name', 'data', 'phone']],
    ['users', ['name', 'email', 'phone']],
  ] as const) {
    const text = `${table}_text`;
    const list = columns.join(', ');
    const values = (r: string) => columns.map((c) => `${r}.${c}`).join(', ');
    await sql
      .raw(
        `create virtual table ${text} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
      )
      .execute(db);
    await sql.raw(`insert into ${text} (${text}) values ('rebuild')`).execute(db);
    const forget = `insert into ${text} (${text}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
    const learn = `insert into ${text} (rowid, ${list}) values (new.id, ${values('new')});`;
    await sql.raw(`create trigger ${text}_insert after insert on ${table} begin ${learn} end`).execute(db);
    await sql.raw(`create trigger ${text}_delete after delete on ${table} begin ${forget} end`).execute(db);
    await sql
      .raw(`create trigger ${text}_update after update of ${list} on ${table} begin ${forget} ${learn} end`)
      .execute(db);
  }
}

/** pg_trgm in `public`, so every schema of the database (tests give each file one) finds it. */
async function createTrigram(db: Kysely<any>): Promise<boolean> {
  await sql`savepoint trigram`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint trigram`.execute(db);
    return true;
  } catch (err) {
    await sql`rollback to savepoint trigram`.execute(db);
    // Another schema's migration may have created it at the same moment (tests migrate in parallel).
    const made = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (made.rows.length) return true;
    process.stderr.write(`pg_trgm not available, searches read the tables: ${(err as Error).message}\n`);
    return false;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists orders_text`.execute(db);
    await sql`drop index if exists users_text`.execute(db);
    return;
  }
  for (const table of ['orders', 'users']) {
    for (const op of ['insert', 'delete', 'update']) await sql.raw(`drop trigger ${table}_text_${op}`).execute(db);
    await sql.raw(`drop table ${table}_text`).execute(db);
  }
}
