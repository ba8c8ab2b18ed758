import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../src/db/connect';
import { testEngine } from './helper';
import { ownPgSchema } from './pg-schema';

/**
 * PostgreSQL only (SQLite has no connections to lose): a pooled connection that the database
 * ends while it sits idle — a restart, `pg_terminate_backend`, `DROP DATABASE … WITH (FORCE)` —
 * must not end the process; the pool drops it, says so, and the next query gets a new one.
 * Before, the pool's unhandled 'error' event was an uncaught exception (seen in CI when the
 * scale-out test dropped its database).
 */
const own = ownPgSchema('pgloss');
const { url, schema, dataDir } = own;
let handle: DbHandle | undefined;

afterAll(async () => {
  await handle?.close();
  await own.drop();
});

describe.skipIf(testEngine !== 'postgres')('on PostgreSQL only: an idle pooled connection is lost', () => {
  it('reports it, keeps the process up and serves the next query on a new connection', async () => {
    const lost: Error[] = [];
    handle = await connect({ databaseUrl: url, dataDir, pgSchema: schema, onConnectionError: (e) => lost.push(e) });
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    const pid = before.rows[0]!.pid;

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    for (const deadline = Date.now() + 5_000; !lost.length && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 20));

    expect(lost.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
    const after = await sql<{ pid: number; one: number }>`select pg_backend_pid() as pid, 1 as one`.execute(handle.db);
    expect(after.rows[0]!.one).toBe(1);
    expect(after.rows[0]!.pid).not.toBe(pid);
  });
});
