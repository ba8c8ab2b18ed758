import { sql } from 'kysely';
import { likePattern } from './like-pattern';
import type { DB } from './database';
import { isPostgres } from './engine';

/**
 * The trigram indexes of the operator's searches (migration 2026-11-26-12-text-search): SQLite's
 * FTS5 tables `orders_text` and `users_text`, PostgreSQL's GIN indexes of the same names.
 *
 * A search matches `lower(col) like '%text%'` on several columns, which no B-tree serves. The
 * index gives the ids of the rows that can match; the caller keeps its own LIKE, so the rows it
 * answers are exactly those of a scan (FTS5 folds case beyond ASCII, which only adds candidates).
 * When the index cannot narrow the search down (under 3 characters, more than CANDIDATES rows, a
 * PostgreSQL without pg_trgm) the answer is undefined and the caller reads its table in order as
 * before, which for a text found on many rows stops early anyway.
 */
export const CANDIDATES = 2_000;

const COLUMNS = { orders: ['product_name', 'data', 'phone'], users: ['name', 'email', 'phone'] } as const;

/**
 * Whether this PostgreSQL database has the indexes; asked once per connection pool. Kept by the
 * database's adapter, which every handle and transaction on it shares (as query-template.ts does).
 */
const trigram = new WeakMap<object, Promise<boolean>>();
function hasTrigram(db: DB): Promise<boolean> {
  const key = db.getExecutor().adapter;
  let known = trigram.get(key);
  if (!known) {
    known = sql<{ n: number }>`select count(*) as n from pg_indexes
        where schemaname = current_schema() and indexname in ('orders_text', 'users_text')`
      .execute(db)
      .then((r) => Number(r.rows[0]?.n) === 2);
    trigram.set(key, known);
  }
  return known;
}

/** Ids of rows of `table` whose searched columns may contain `text`; undefined: read the table instead. */
export async function textCandidates(db: DB, table: 'orders' | 'users', text: string): Promise<number[] | undefined> {
  if ([...text].length < 3) return undefined;
  const limit = CANDIDATES + 1;
  let rows: { id: number }[];
  if (isPostgres(db)) {
    if (!(await hasTrigram(db))) return undefined;
    const pattern = likePattern(text);
    const any = sql.join(
      COLUMNS[table].map((c) => sql`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
      sql` or `,
    );
    // Never a prepared statement (db/pg-statements.ts): a generic plan cannot tell a rare text,
    // which the index finds, from a common one, which a scan with the limit finds sooner.
    rows = (
      await sql<{ id: number }>`/* unnamed */ select id from ${sql.table(table)} where ${any} limit ${limit}`.execute(
        db,
      )
    ).rows;
  } else {
    const phrase = `"${text.replaceAll('"', '""')}"`;
    rows = (
      await sql<{ id: number }>`select rowid as id from ${sql.table(`${table}_text`)}
        where ${sql.table(`${table}_text`)} match ${phrase} limit ${limit}`.execute(db)
    ).rows;
  }
  return rows.length > CANDIDATES ? undefined : rows.map((r) => Number(r.id));
}
