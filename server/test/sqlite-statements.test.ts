import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDriver } from '../src/db/sqlite-driver';
import { withStatementCache } from '../src/db/sqlite-statements';

let raw: BetterSqlite3.Database | undefined;
afterEach(() => raw?.close());

function open() {
  raw = new sqliteDriver.SQLite(':memory:');
  raw.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);');
  return withStatementCache(raw, 2);
}

describe('prepared statements kept for Kysely', () => {
  it('hands out one prepared statement per SQL text', () => {
    const db = open();
    const a = db.prepare('SELECT n FROM t WHERE n > ?');
    expect(db.prepare('SELECT n FROM t WHERE n > ?')).toBe(a);
    expect((a.all([1]) as Array<{ n: number }>).map((r) => r.n)).toEqual([2, 3]);
  });

  it('gives a second user a statement of its own while the first is still iterating (an export streaming)', () => {
    const db = open();
    const seen: number[] = [];
    for (const row of db.prepare('SELECT n FROM t').iterate([]) as Iterable<{ n: number }>) {
      // The same text again mid-iteration: better-sqlite3 refuses a busy statement, so it must be another.
      seen.push(row.n, (db.prepare('SELECT n FROM t').all([]) as unknown[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
  });

  it('keeps at most the newest texts it was given', () => {
    const db = open();
    const first = db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    db.prepare('SELECT 3');
    expect(db.prepare('SELECT 1')).not.toBe(first);
  });
});
