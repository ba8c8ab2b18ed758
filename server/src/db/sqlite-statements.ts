import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; the store issues a few hundred, so this is never the limit in practice. */
const MAX_STATEMENTS = 1000;

/**
 * Kysely's SQLite driver prepares every query again (`db.prepare(sql)` per call). Profiling
 * 200 customers ordering at once showed SQLite's statement compiler as the largest single cost
 * of an order (about a third of the server's CPU), and the event loop does it synchronously.
 * Kysely compiles the same query shape to the same SQL text with `?` parameters, so a prepared
 * statement per text can be reused. A statement busy iterating (an export streaming its rows) is
 * never handed out twice: a second user of that text gets a fresh statement of its own.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) {
        // Map order is insertion order: re-inserting keeps the least recently used first.
        cache.delete(sql);
        cache.set(sql, hit);
        return hit;
      }
      const statement = sqlite.prepare(sql);
      if (!hit) {
        cache.set(sql, statement);
        if (cache.size > max) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
