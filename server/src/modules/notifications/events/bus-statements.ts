import { sql } from 'kysely';
import type { DB } from '../../../db/database';

/** The PostgreSQL schema this store lives in: what keeps stores sharing one server apart on the bus. */
export async function currentSchema(db: DB): Promise<string> {
  return (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
}

/** One NOTIFY on the bus's channel; every instance's LISTEN connection hears it. */
export async function notifyChannel(db: DB, channel: string, text: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${text})`.execute(db);
}
